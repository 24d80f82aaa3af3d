import type { MaybePromise } from '../maybe-promise';

/** One model's record on one shape (or across all shapes). */
export interface ShapeRecord {
  /** Calls the model answered (a conversation counts once per model). */
  calls: number;
  /** Useful verdicts. */
  useful: number;
  /** Not-useful verdicts. */
  notUseful: number;
  /** Calls that failed. */
  failures: number;
  firstTokenSeconds?: number;
  totalSeconds?: number;
  /** US dollars. */
  cost?: number;
  /** When the model last answered on this shape (epoch ms). */
  lastUsedAt?: number;
}

/** A member's record: what ranking reads. */
export interface MemberRecord {
  /** Useful verdicts on the model (across collections and bare-alias calls). */
  useful: number;
  /** Not-useful verdicts on the model (read by `order: "learned"`; absent counts as 0). */
  notUseful?: number;
  /** Calls the model answered (absent counts as 0). */
  calls?: number;
  /** Calls that failed (absent counts as 0). */
  failures?: number;
  /** An external score, higher is better; overrides the catalog's `score`. */
  score?: number;
  /** When the model last answered (epoch ms); rotation favours the oldest. */
  lastUsedAt?: number;
  /** The record per shape (`code`, `general`, …); a shape without one falls back to the fields above. */
  shapes?: Readonly<Record<string, ShapeRecord>>;
}

/** Where records come from (the ledger, later). */
export interface RecordSource {
  /** A source in memory may answer at once; the router then waits for nothing. */
  getRecords(aliases: readonly string[]): MaybePromise<ReadonlyMap<string, MemberRecord>>;
  /** Told when a member answered a turn (on `shape`), for sources that keep `lastUsedAt` themselves. */
  noteUse?(alias: string, at: number, shape?: string): void | Promise<void>;
}
