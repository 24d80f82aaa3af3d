import type { MaybePromise } from '../maybe-promise';

/** A member's record: what ranking reads. */
export interface MemberRecord {
  /** Useful verdicts on the model (across collections and bare-alias calls). */
  useful: number;
  /** An external score, higher is better; overrides the catalog's `score`. */
  score?: number;
  /** When the model last answered (epoch ms); rotation favours the oldest. */
  lastUsedAt?: number;
}

/** Where records come from (the ledger, later). */
export interface RecordSource {
  /** A source in memory may answer at once; the router then waits for nothing. */
  getRecords(aliases: readonly string[]): MaybePromise<ReadonlyMap<string, MemberRecord>>;
  /** Told when a member answered a turn, for sources that keep `lastUsedAt` themselves. */
  noteUse?(alias: string, at: number): void | Promise<void>;
}
