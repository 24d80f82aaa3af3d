import type { CallRecord } from './call-record';
import type { ExportPage } from './export/export-page';
import type { ExportFormat } from './ledger';
import type { QueuedWrite } from './queued-write';
import type { PriceLookup } from './to-call-record';
import type { CallFilter, CallVerdict, CallWithVerdict } from './dashboard/call-query';
import type { ConversationFilter, ConversationSummary } from './dashboard/conversation-summary';
import type { SeriesQuery, SeriesRow } from './dashboard/series';
import type { Transcript } from './transcript';
import type { ModelRecord, RecordsQuery } from './model-record';
import type { ModelStats, StatsQuery } from './model-stats';
import type { SpendQuery } from './spend-query';
import type { KeyTotals, KeyTotalsQuery } from './key-totals';
import type { RefusalCount, RefusalRecord, RefusalsQuery } from './refusals';
import type { TurnRecord } from './turn-record';
import type { PruneCounts } from './retention/prune-counts';
import type { Verdict } from './verdict';

export type WriteItem =
  | { kind: 'call'; record: CallRecord }
  | { kind: 'turn'; record: TurnRecord }
  | { kind: 'transcript'; record: Transcript }
  | { kind: 'refusal'; record: RefusalRecord };

/** A position in the calls' (time, id) order, for paging. */
export interface CallCursor {
  time: number;
  id: string;
}

export interface TimeRange {
  /** Epoch ms, inclusive. */
  from: number;
  /** Epoch ms, exclusive. */
  to: number;
}

/**
 * What a backend does. Writes are idempotent: a call id or a (conversation,
 * turn) already stored is skipped, and its aggregates are not counted twice.
 */
export interface LedgerStore {
  readonly kind: 'memory' | 'sqlite' | 'postgres';
  writeBatch(batch: WriteItem[]): Promise<void>;
  /**
   * Writes queued inputs, building their records itself (a SQLite ledger's worker, off the caller's thread); `price`
   * is the ledger's lookup for a call without a price. Where absent, the ledger builds the records and calls `writeBatch`.
   */
  writeQueued?(batch: readonly QueuedWrite[], price: PriceLookup | undefined): Promise<void>;
  /** Stores or replaces the verdict on a stored call; `UnknownCallError` when there is none. */
  putVerdict(verdict: Verdict): Promise<void>;
  getCall(id: string): Promise<CallRecord | undefined>;
  getVerdict(call: string): Promise<Verdict | undefined>;
  getTurns(conversation: string): Promise<TurnRecord[]>;
  /** The calls of purpose `shadow` whose id starts with `prefix` (see shadow-call-id.ts), in id order. */
  shadowCalls(prefix: string): Promise<CallRecord[]>;
  stats(query: StatsQuery): Promise<ModelStats[]>;
  /** Per model and shape, from the running totals. */
  records(query: RecordsQuery): Promise<ModelRecord[]>;
  /** Dollars priced for the calls the query names from its `from` on, shadows left out. */
  spend(query: SpendQuery): Promise<number>;
  /** A key's calls, tokens and dollars from an hour on, shadows left out, from the hourly `key_totals`. */
  keyTotals(query: KeyTotalsQuery): Promise<KeyTotals>;
  /** Requests refused by the gateway's limits in the range (minutes from `from` up to `to`), per key, collection, scope and limit, most first. */
  refusals(query: RefusalsQuery): Promise<RefusalCount[]>;
  /** Up to `limit` calls in the range after the cursor, in (time, id) order, as export lines (see export-page.ts). */
  exportPage(range: TimeRange, after: CallCursor | undefined, limit: number, format: ExportFormat): Promise<ExportPage>;
  /**
   * Retention, one batch in one transaction: deletes up to `limit` calls older than `before` (epoch ms) with the
   * verdicts on them, and up to `limit` turns older. The running totals are not touched: stats keep what was deleted.
   */
  prune(before: number, limit: number): Promise<PruneCounts>;
  /** Calls matching the filter older than the cursor, newest first, each with its verdict. */
  queryCalls(filter: CallFilter, before: CallCursor | undefined, limit: number): Promise<CallWithVerdict[]>;
  /** Every call whose id starts with `prefix` (a panel's `<panel>.`), in id order, each with its verdict. */
  callsWithPrefix(prefix: string): Promise<CallWithVerdict[]>;
  /** The verdicts on these calls (those that have one), by call id. */
  getVerdicts(calls: readonly string[]): Promise<Record<string, CallVerdict>>;
  /** Conversations matching the filter updated before the cursor (`{time: updated, id}`), latest first. */
  conversations(filter: ConversationFilter, before: CallCursor | undefined, limit: number): Promise<ConversationSummary[]>;
  /** Sums per bucket, model and key over the range. */
  series(query: SeriesQuery): Promise<SeriesRow[]>;
  /** The transcripts kept for these calls (those that have one). */
  getTranscripts(calls: readonly string[]): Promise<Transcript[]>;
  /** Deletes at most `limit` transcripts older than `before` (epoch ms); how many it deleted. */
  deleteTranscripts(before: number, limit: number): Promise<number>;
  /** Keeps `body` under `id` until `expires` (epoch ms), replacing what was kept under it. */
  putResponse(id: string, body: string, expires: number): Promise<void>;
  /** What is kept under `id` if it has not expired by `now`, its expiry moved on to `expires`. */
  getResponse(id: string, now: number, expires: number): Promise<string | undefined>;
  deleteResponse(id: string): Promise<void>;
  /** Deletes at most `limit` kept responses expired by `now`; how many it deleted. */
  deleteExpiredResponses(now: number, limit: number): Promise<number>;
  /** Throws unless the store answers. */
  ping(): Promise<void>;
  close(): Promise<void>;
}
