import type { CallInput, CallRecord, Price } from './call-record';
import type { LedgerRefusedError } from './errors/ledger-refused-error';
import type { LedgerRetentionError } from './errors/ledger-retention-error';
import type { LedgerWriteError } from './errors/ledger-write-error';
import type { PruneCounts } from './retention/prune-counts';
import type { ModelRecord, RecordsQuery } from './model-record';
import type { ModelStats, StatsQuery } from './model-stats';
import type { SpendQuery } from './spend-query';
import type { KeyTotals, KeyTotalsQuery } from './key-totals';
import type { RefusalCount, RefusalInput, RefusalsQuery } from './refusals';
import type { TurnInput, TurnRecord } from './turn-record';
import type { TurnWithShadows } from './turn-with-shadows';
import type { Verdict, VerdictInput } from './verdict';
import type { CallPage, CallQuery, CallVerdict, CallWithVerdict } from './dashboard/call-query';
import type { ConversationPage, ConversationQuery } from './dashboard/conversation-summary';
import type { SeriesQuery, SeriesRow } from './dashboard/series';
import type { Transcript, TranscriptInput } from './transcript';

export type ExportFormat = 'jsonl' | 'csv';

export interface ExportOptions {
  format: ExportFormat;
  /** Epoch ms or a Date, inclusive; the beginning when absent. */
  from?: number | Date;
  /** Epoch ms or a Date, exclusive; the end of time when absent. */
  to?: number | Date;
}

export interface LedgerHealth {
  ok: boolean;
  store: 'memory' | 'sqlite' | 'postgres';
  /** Records waiting to be written. */
  queued: number;
  /** Records refused since start (queue full or closed). */
  refused: number;
  /** Why the store did not answer. */
  error?: string;
}

export interface LedgerOptions {
  /** Write failures (retried), refused records and failed retention passes; never thrown at the request path. Default: ignore. */
  onError?: (error: LedgerWriteError | LedgerRefusedError | LedgerRetentionError) => void;
  /**
   * Deletes calls (with the verdicts on them) and route turns older than `keepMs`, at start and every `everyMs`
   * (default hourly), `batchSize` rows a transaction (default 1000; SQLite: on the ledger's worker thread). Stats and
   * records read running totals, which keep what was deleted. Off when absent.
   */
  retention?: { keepMs: number; everyMs?: number; batchSize?: number };
  /** Told after each retention pass that deleted anything: what, and the cutoff (epoch ms). */
  onPruned?: (pruned: PruneCounts, before: number) => void;
  /** The clock, epoch ms (default `Date.now`). */
  now?: () => number;
  /** A model's price when the record carries none. */
  price?: (alias: string, provider: string | undefined) => Price | undefined;
  /** Records per write transaction (default 500). */
  batchSize?: number;
  /** How long a record waits for a batch before it is written (default 50 ms: a crash loses at most the last window and a batch in flight). */
  windowMs?: number;
  /** Records held in memory at most (default 100 000); beyond it records are refused. */
  maxQueued?: number;
  /** First retry delay after a failed write, doubling to 5 s (default 100 ms). */
  retryBaseMs?: number;
  /** Postgres pool size (default 4). */
  poolSize?: number;
  /**
   * SQLite only: run the connection on a worker thread (default true), so writes and reads never run a statement on
   * the caller's thread. False keeps it on the caller's thread (fewer threads; each batch then blocks it while it commits).
   */
  sqliteWorker?: boolean;
}

/** The gateway's memory: calls, route turns, verdicts, and the stats the router ranks by. */
export interface Ledger {
  /** Queues a call record: synchronous, no I/O. False (and `onError`) when refused; throws `LedgerInputError` on a malformed record. */
  recordCall(call: CallInput): boolean;
  /** Queues a route turn, like `recordCall`. */
  recordTurn(turn: TurnInput): boolean;
  /**
   * Stores (or replaces) the verdict on a call. Takes the posted body as it is
   * (a `VerdictInput` once valid): `LedgerInputError` (400) names the bad
   * field, `UnknownCallError` (404) an unknown call; nothing is written then.
   */
  recordVerdict(verdict: VerdictInput | Record<string, unknown>): Promise<Verdict>;
  /** A call by id, queued or stored. */
  getCall(id: string): Promise<CallRecord | undefined>;
  getVerdict(call: string): Promise<Verdict | undefined>;
  /** A conversation's turns in order. */
  getTurns(conversation: string): Promise<TurnRecord[]>;
  /** A turn's answering call with its shadow calls (`<call>-shadow-<k>`), or undefined for an unknown call. */
  turnWithShadows(call: string): Promise<TurnWithShadows | undefined>;
  /**
   * Per model alias; every collection unless `query.collection`, every key unless `query.key`, all time unless
   * `query.from`/`query.to` (whole UTC hours). Reads running totals, not calls; `LedgerInputError` on a bad query.
   */
  stats(query?: StatsQuery): Promise<ModelStats[]>;
  /**
   * Each model's record per shape and across shapes (calls, useful and not-useful verdicts, failures, mean seconds
   * to the first token and in all, cost, last used), every collection unless `query.collection`. Reads running totals.
   */
  records(query?: RecordsQuery): Promise<ModelRecord[]>;
  /**
   * Dollars priced for a key's (or a collection's) calls from `query.from` on, made for callers: every purpose but
   * `shadow` (the gateway's own). Reads the calls in the range (what a budget starts from when its counters were lost).
   */
  spend(query: SpendQuery): Promise<number>;
  /**
   * A key's calls, tokens and dollars from `query.from` (a whole UTC hour) on, made for callers: every purpose but
   * `shadow`, as `spend` counts them. Reads hourly running totals (shared by replicas on one database); queued calls
   * are written first. `LedgerInputError` on a bad query.
   */
  keyTotals(query: KeyTotalsQuery): Promise<KeyTotals>;
  /**
   * Queues a request the gateway's limits refused (never its prompt), like `recordCall`: counted per minute, key,
   * collection, scope and limit, so that a dashboard shows refusals after a restart and across replicas on one database.
   * `LedgerInputError` on a bad one; false when the queue refused it.
   */
  recordRefusal(refusal: RefusalInput): boolean;
  /** The refusals counted in a range (queued ones written first), most first; `LedgerInputError` on a bad query. */
  refusals(query: RefusalsQuery): Promise<RefusalCount[]>;
  /** Queues a call's prompt and answer, like `recordCall` (the engine calls it only when the config keeps transcripts). */
  recordTranscript(transcript: TranscriptInput): boolean;
  /** The transcripts kept for these calls (those that have one), queued ones included. */
  transcripts(calls: readonly string[]): Promise<Transcript[]>;
  /** Deletes at most `batch` (default 500) transcripts older than `before` (epoch ms); how many it deleted. */
  expireTranscripts(before: number, batch?: number): Promise<number>;
  /** Which backend it writes to. */
  readonly store: LedgerHealth['store'];
  /**
   * Keeps `body` (a stored Responses reply, as JSON) under `id` until it has gone unread for `ttlMs`, replacing what
   * was kept under it; written at once (not queued), so that a read right after finds it. Expired ones are deleted
   * as later ones are kept.
   */
  keepResponse(id: string, body: string, ttlMs: number): Promise<void>;
  /** What is kept under `id`, unless it went unread for longer than `ttlMs`; the read restarts its expiry. */
  keptResponse(id: string, ttlMs: number): Promise<string | undefined>;
  forgetResponse(id: string): Promise<void>;
  /** Calls newest first, filtered and paged (`next` is the cursor of the next page); `LedgerInputError` on a bad query. */
  calls(query?: CallQuery): Promise<CallPage>;
  /** Every call whose id starts with `prefix` (a panel's calls: `<panel>.`), in id order, with their verdicts. */
  callsWithPrefix(prefix: string): Promise<CallWithVerdict[]>;
  /** The verdicts on these calls, by call id (those that have one). */
  verdicts(calls: readonly string[]): Promise<Record<string, CallVerdict>>;
  /** Route conversations, latest first, paged. */
  conversations(query?: ConversationQuery): Promise<ConversationPage>;
  /** Sums per time bucket and model or key (whole-hour buckets from the running totals; minutes from the calls). */
  series(query: SeriesQuery): Promise<SeriesRow[]>;
  /** Calls in a time range as JSONL or CSV text chunks, streamed page by page. */
  exportCalls(options: ExportOptions): AsyncIterable<string>;
  /**
   * Deletes calls older than `before` (epoch ms) with the verdicts on them, and route turns older, in batches of
   * `retention.batchSize` (each its own transaction, the event loop free between them). The running totals are kept:
   * stats and records over all time do not change. What `retention` runs on its timer; `LedgerInputError` on a bad cutoff.
   */
  prune(before: number): Promise<PruneCounts>;
  /** Writes everything queued. */
  flush(): Promise<void>;
  health(): Promise<LedgerHealth>;
  /** Flushes, then closes the store; rejects with `LedgerUnwrittenError` (saying how many) when what was queued could not be written. */
  close(): Promise<void>;
}
