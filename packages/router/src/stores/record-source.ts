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
  getRecords(aliases: readonly string[]): Promise<ReadonlyMap<string, MemberRecord>>;
  /** Told when a member answered a turn, for sources that keep `lastUsedAt` themselves. */
  noteUse?(alias: string, at: number): void | Promise<void>;
}
