import type { Ledger } from '@bench/ledger';
import { Counter, Gauge, Registry } from 'prom-client';
import { SeriesCounter, SeriesHistogram } from './series-metrics';

// Bucket boundaries the OpenTelemetry GenAI conventions recommend for each instrument.
const DURATION_BUCKETS = [0.01, 0.02, 0.04, 0.08, 0.16, 0.32, 0.64, 1.28, 2.56, 5.12, 10.24, 20.48, 40.96, 81.92];
const FIRST_CHUNK_BUCKETS = [0.001, 0.005, 0.01, 0.02, 0.04, 0.06, 0.08, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10];
const TOKEN_BUCKETS = [1, 4, 16, 64, 256, 1024, 4096, 16384, 65536, 262144, 1048576, 4194304, 16777216, 67108864];
// The HTTP conventions' own boundaries, with room for long streams.
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10, 30, 60, 120, 300, 600];

const MODEL_LABELS = ['gen_ai_operation_name', 'gen_ai_provider_name', 'gen_ai_request_model', 'model'] as const;

/**
 * One gateway's Prometheus metrics, in a registry of its own (so that several gateways in one process do not clash).
 * GenAI names and labels follow the OpenTelemetry conventions (`gen_ai_client_…`, `gen_ai_request_model`); HTTP
 * ones the HTTP conventions; the rest are bench's own (`bench_…`).
 */
export class GatewayMetrics {
  readonly registry = new Registry();

  // The metrics counted on every request and every upstream call keep their series (one per label set) where they
  // are counted: see series-metrics.ts.
  readonly requests = new SeriesCounter(
    'bench_requests_total',
    'Requests answered, by route, protocol, collection and HTTP status.',
    ['route', 'protocol', 'collection', 'status'],
    this.registry,
  );

  readonly requestSeconds = new SeriesHistogram(
    'http_server_request_duration_seconds',
    'Seconds from a request to the end of its response (a stream: its last byte).',
    ['http_request_method', 'http_route', 'http_response_status_code'],
    HTTP_BUCKETS,
    this.registry,
  );

  readonly openStreams = new Gauge({ name: 'bench_open_streams', help: 'Streamed replies open now.', registers: [this.registry] });

  readonly keyLimitRefusals = new Counter({
    name: 'bench_key_limit_refusals_total',
    help: "Requests refused with 429 by the gateway's own limits, before any upstream call: by key name, whose limit (scope: key or collection), which (rpm, tpm, budget) and the collection called.",
    labelNames: ['key', 'scope', 'limit', 'collection'] as const,
    registers: [this.registry],
  });

  readonly upstreamCalls = new SeriesCounter(
    'bench_upstream_calls_total',
    'Upstream calls, by model, status (ok, aborted or the error kind) and purpose (route, seat, merger, shape, shadow).',
    ['model', 'gen_ai_request_model', 'collection', 'status', 'purpose'],
    this.registry,
  );

  readonly operationSeconds = new SeriesHistogram(
    'gen_ai_client_operation_duration_seconds',
    'Seconds of each upstream call, from its request to its last byte.',
    [...MODEL_LABELS, 'error_type'],
    DURATION_BUCKETS,
    this.registry,
  );

  readonly firstChunkSeconds = new SeriesHistogram(
    'gen_ai_client_operation_time_to_first_chunk_seconds',
    "Seconds from an upstream call's request to its first piece (text, reasoning or a tool call).",
    MODEL_LABELS,
    FIRST_CHUNK_BUCKETS,
    this.registry,
  );

  readonly tokenUsage = new SeriesHistogram(
    'gen_ai_client_token_usage',
    'Tokens per upstream call, input (cached ones included) and output.',
    [...MODEL_LABELS, 'gen_ai_token_type'],
    TOKEN_BUCKETS,
    this.registry,
  );

  readonly cacheTokens = new SeriesCounter(
    'bench_cache_tokens_total',
    'Input tokens read from (cache_read) and written to (cache_write) the prompt cache.',
    ['model', 'gen_ai_token_type'],
    this.registry,
  );

  readonly cost = new SeriesCounter(
    'bench_cost_usd_total',
    'What upstream calls cost in dollars, by model, collection and key name (models with a price only).',
    ['model', 'collection', 'key'],
    this.registry,
  );

  readonly failovers = new Counter({
    name: 'bench_failovers_total',
    help: 'Route turns moving from a failed member to the next, by collection, members, reason and stage.',
    labelNames: ['collection', 'from', 'to', 'reason', 'stage'] as const,
    registers: [this.registry],
  });

  constructor(ledger: Pick<Ledger, 'health'>) {
    // Read once a scrape, from the ledger's own counts (nothing on the request path); the three share one reading.
    const health = scrapeOnce(() => ledger.health().catch(() => undefined));
    let refusedSeen = 0;
    new Gauge({
      name: 'bench_ledger_up',
      help: 'Whether the ledger answered (1) or not (0) at the scrape.',
      registers: [this.registry],
      async collect() {
        this.set((await health())?.ok ? 1 : 0);
      },
    });
    new Gauge({
      name: 'bench_ledger_queued_records',
      help: "Records in the ledger's write queue.",
      registers: [this.registry],
      async collect() {
        const read = await health();
        if (read) this.set(read.queued);
      },
    });
    new Counter({
      name: 'bench_ledger_refused_records_total',
      help: 'Records the ledger refused (its write queue full, or closed).',
      registers: [this.registry],
      async collect() {
        const read = await health();
        if (read && read.refused > refusedSeen) this.inc(read.refused - refusedSeen);
        if (read) refusedSeen = read.refused;
      },
    });
  }

  /** The scrape: every metric in Prometheus' text format. */
  text(): Promise<string> {
    return this.registry.metrics();
  }
}

/** `read` at most once a scrape: the metrics collected together (at once) share its answer. */
function scrapeOnce<T>(read: () => Promise<T>): () => Promise<T> {
  let reading: Promise<T> | undefined;
  return () => {
    reading ??= read().finally(() => setImmediate(() => (reading = undefined)));
    return reading;
  };
}
