import type { CallInput } from '@bench/contracts';
import { parseConfig, type GatewayConfig } from '@bench/engine';
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { Counter, Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { countEngineEvents } from './count-engine-events';
import { GatewayMetrics } from './gateway-metrics';

const configWith = (upstreamModel: string): GatewayConfig =>
  parseConfig({
    ledger: 'memory:',
    providers: { up: { baseURL: 'http://127.0.0.1:9/v1', api: 'openai-chat', apiKeyEnv: 'UPSTREAM_KEY' } },
    models: {
      m1: { provider: 'up', model: upstreamModel, contextWindow: 1000, maxOutput: 100, price: { input: 1, output: 2 } },
      m2: { provider: 'up', model: 'up-2', contextWindow: 1000, maxOutput: 100 },
    },
    collections: { core: { members: ['m1', 'm2'] } },
  });

const call = (alias: string, more: Partial<CallInput>): CallInput => ({ id: `c${Math.random()}`, purpose: 'route', alias, status: 'ok', ...more });
const CALLS: CallInput[] = [
  call('m1', { collection: 'core', keyName: 'ci', seconds: 0.05, firstPieceSeconds: 0.003, usage: { inputTokens: 10, outputTokens: 3 } }),
  call('m1', {
    collection: 'core',
    keyName: 'ci',
    seconds: 0.3,
    firstPieceSeconds: 0.2,
    usage: { inputTokens: 1000, outputTokens: 20, cachedInputTokens: 500 },
  }),
  call('m1', { collection: 'core', status: 'timeout', seconds: 100, errorClass: 'TimeoutError' }),
  call('m2', { purpose: 'seat', seconds: 0.01, usage: { inputTokens: 1, outputTokens: 0 } }),
];

/** One metric family's lines in a scrape. */
const family = (text: string, name: string) =>
  text
    .split('\n')
    .filter((line) => line.startsWith(`${name}_`) || line.startsWith(`${name}{`) || line.endsWith(` ${name} histogram`) || line.includes(`# HELP ${name} `))
    .join('\n');

describe('the call metrics, summed per series and handed to prom-client at the scrape', () => {
  it('give the same text, to the byte, as prom-client fed the same observations', async () => {
    const metrics = new GatewayMetrics({ health: async () => ({ ok: true, queued: 0, refused: 0 }) as never });
    const config = configWith('up-1');
    const count = countEngineEvents(metrics, () => config);
    for (const each of CALLS) count({ type: 'call', call: each });
    const text = await metrics.text();

    // The reference: prom-client's own instruments, the buckets the GenAI conventions recommend.
    const help = (name: string) => text.match(new RegExp(`^# HELP ${name} (.*)$`, 'm'))![1]!;
    const registry = new Registry();
    const model = { gen_ai_operation_name: 'chat', gen_ai_provider_name: 'openai', gen_ai_request_model: 'up-1', model: 'm1' };
    const seat = { ...model, gen_ai_request_model: 'up-2', model: 'm2' };
    const durations = new Histogram({
      name: 'gen_ai_client_operation_duration_seconds',
      help: help('gen_ai_client_operation_duration_seconds'),
      labelNames: [...Object.keys(model), 'error_type'],
      buckets: [0.01, 0.02, 0.04, 0.08, 0.16, 0.32, 0.64, 1.28, 2.56, 5.12, 10.24, 20.48, 40.96, 81.92],
      registers: [registry],
    });
    durations.observe({ ...model, error_type: '' }, 0.05);
    durations.observe({ ...model, error_type: '' }, 0.3);
    durations.observe({ ...model, error_type: 'timeout' }, 100);
    durations.observe({ ...seat, error_type: '' }, 0.01);
    const tokens = new Histogram({
      name: 'gen_ai_client_token_usage',
      help: help('gen_ai_client_token_usage'),
      labelNames: [...Object.keys(model), 'gen_ai_token_type'],
      buckets: [1, 4, 16, 64, 256, 1024, 4096, 16384, 65536, 262144, 1048576, 4194304, 16777216, 67108864],
      registers: [registry],
    });
    for (const [labels, input, output] of [
      [model, 10, 3],
      [model, 1000, 20],
      [seat, 1, 0],
    ] as const) {
      tokens.observe({ ...labels, gen_ai_token_type: 'input' }, input);
      tokens.observe({ ...labels, gen_ai_token_type: 'output' }, output);
    }
    const calls = new Counter({
      name: 'bench_upstream_calls_total',
      help: help('bench_upstream_calls_total'),
      labelNames: ['model', 'gen_ai_request_model', 'collection', 'status', 'purpose'],
      registers: [registry],
    });
    calls.inc({ model: 'm1', gen_ai_request_model: 'up-1', collection: 'core', status: 'ok', purpose: 'route' }, 2);
    calls.inc({ model: 'm1', gen_ai_request_model: 'up-1', collection: 'core', status: 'timeout', purpose: 'route' });
    calls.inc({ model: 'm2', gen_ai_request_model: 'up-2', collection: '', status: 'ok', purpose: 'seat' });
    const reference = await registry.metrics();
    for (const name of ['gen_ai_client_operation_duration_seconds', 'gen_ai_client_token_usage', 'bench_upstream_calls_total']) {
      expect(family(text, name)).toBe(family(reference, name));
      expect(family(text, name)).not.toBe('');
    }
  });

  it('pin the bucket counts and sums after known calls, and the cache and cost counters', async () => {
    const metrics = new GatewayMetrics({ health: async () => ({ ok: true, queued: 0, refused: 0 }) as never });
    const config = configWith('up-1');
    const count = countEngineEvents(metrics, () => config);
    for (const each of CALLS) count({ type: 'call', call: each });
    const text = await metrics.text();
    const m1 = 'gen_ai_operation_name="chat",gen_ai_provider_name="openai",gen_ai_request_model="up-1",model="m1"';
    expect(text).toContain(`gen_ai_client_operation_duration_seconds_bucket{le="0.04",${m1},error_type=""} 0`);
    expect(text).toContain(`gen_ai_client_operation_duration_seconds_bucket{le="0.08",${m1},error_type=""} 1`);
    expect(text).toContain(`gen_ai_client_operation_duration_seconds_bucket{le="0.32",${m1},error_type=""} 2`);
    expect(text).toContain(`gen_ai_client_operation_duration_seconds_bucket{le="+Inf",${m1},error_type=""} 2`);
    expect(text).toContain(`gen_ai_client_operation_duration_seconds_sum{${m1},error_type=""} 0.35`);
    expect(text).toContain(`gen_ai_client_operation_duration_seconds_count{${m1},error_type=""} 2`);
    expect(text).toContain(`gen_ai_client_operation_duration_seconds_bucket{le="81.92",${m1},error_type="timeout"} 0`);
    expect(text).toContain(`gen_ai_client_operation_duration_seconds_bucket{le="+Inf",${m1},error_type="timeout"} 1`);
    expect(text).toContain(`gen_ai_client_operation_time_to_first_chunk_seconds_bucket{le="0.005",${m1}} 1`);
    expect(text).toContain(`gen_ai_client_operation_time_to_first_chunk_seconds_bucket{le="0.25",${m1}} 2`);
    expect(text).toContain(`gen_ai_client_operation_time_to_first_chunk_seconds_sum{${m1}} 0.203`);
    expect(text).toContain(`gen_ai_client_token_usage_bucket{le="1024",${m1},gen_ai_token_type="input"} 2`);
    expect(text).toContain(`gen_ai_client_token_usage_sum{${m1},gen_ai_token_type="input"} 1010`);
    expect(text).toContain('bench_cache_tokens_total{model="m1",gen_ai_token_type="cache_read"} 500');
    expect(text).not.toContain('gen_ai_token_type="cache_write"'); // no call wrote the cache: no series, as prom-client makes none
    // m1 costs $1 and $2 per million input and output tokens: (10 + 1000) × 1e-6 + (3 + 20) × 2e-6, the cached 500 at the input price.
    const cost = parsePrometheusTextFormat(text).find((each) => each.name === 'bench_cost_usd_total')!.metrics;
    expect(cost).toHaveLength(1);
    expect(cost[0]!.labels).toEqual({ model: 'm1', collection: 'core', key: 'ci' });
    expect(Number(cost[0]!.value)).toBeCloseTo(1010e-6 + 46e-6, 12);
  });

  it('after a reload that moves a model to another upstream model, count the old series on and add the new', async () => {
    const metrics = new GatewayMetrics({ health: async () => ({ ok: true, queued: 0, refused: 0 }) as never });
    let config = configWith('up-1');
    const count = countEngineEvents(metrics, () => config);
    count({ type: 'call', call: CALLS[0]! });
    config = configWith('up-1-next');
    count({ type: 'call', call: CALLS[0]! });
    config = configWith('up-1'); // and back: the first series again, not a second one with the same labels
    count({ type: 'call', call: CALLS[0]! });
    const text = await metrics.text();
    const families = parsePrometheusTextFormat(text);
    const calls = families.find((each) => each.name === 'bench_upstream_calls_total')!.metrics;
    expect(calls.map((each) => [each.labels, Number(each.value)])).toEqual([
      [{ model: 'm1', gen_ai_request_model: 'up-1', collection: 'core', status: 'ok', purpose: 'route' }, 2],
      [{ model: 'm1', gen_ai_request_model: 'up-1-next', collection: 'core', status: 'ok', purpose: 'route' }, 1],
    ]);
    // (the parser folds a labelled histogram's series into one: read its `_count` lines)
    const counts = text.split('\n').filter((line) => line.startsWith('gen_ai_client_operation_duration_seconds_count'));
    expect(counts).toEqual([
      'gen_ai_client_operation_duration_seconds_count{gen_ai_operation_name="chat",gen_ai_provider_name="openai",gen_ai_request_model="up-1",model="m1",error_type=""} 2',
      'gen_ai_client_operation_duration_seconds_count{gen_ai_operation_name="chat",gen_ai_provider_name="openai",gen_ai_request_model="up-1-next",model="m1",error_type=""} 1',
    ]);
  });
});
