/** One model's record, as the router ranks by it. */
export interface ModelStats {
  alias: string;
  /** The collection these figures cover; null when they cover every collection and bare-alias calls. */
  collection: string | null;
  /** Distinct panels/conversations in which some call on this model got a useful verdict. */
  useful: number;
  /** Distinct panels/conversations in which some call on this model got any verdict. */
  verdicts: number;
  calls: number;
  /** Calls whose status is neither `ok` nor `aborted`. */
  failures: number;
  /** Epoch milliseconds of the latest call, null if none. */
  lastUsed: number | null;
  /** Reasoning is part of output; cached (read from the prompt cache) and cacheWrite (written to it) are parts of input. */
  tokens: { input: number; output: number; reasoning: number; cached: number; cacheWrite: number };
  /** Sum of known costs, in the price's currency. */
  cost: number;
}

export interface StatsQuery {
  /** Only this collection's calls; every call when absent. */
  collection?: string;
  /** Only calls made with this key (its name from the config). */
  key?: string;
  /**
   * Only calls from this time on (epoch ms, inclusive). Stats are kept per
   * hour, so `from` and `to` must fall on whole UTC hours. A unit's verdicts
   * count in the hour of the call that got its first verdict.
   */
  from?: number;
  /** Only calls before this time (epoch ms, exclusive, a whole UTC hour). */
  to?: number;
}
