/** What one collection's shadows came to since the engine started: for `/metrics` and a dashboard. */
export interface ShadowCounters {
  /** Shadow calls started. */
  run: number;
  /** Of those, calls that did not end with a whole answer (an error, a timeout, cut off at close). */
  failed: number;
  /** Shadow calls going now. */
  inFlight: number;
  /** Turns picked for a shadow that got none, and why: every shadow call of the collection busy (`maxConcurrent`), or its `usdPerDay` spent. */
  dropped: { busy: number; budget: number };
  /** Dollars the shadow calls cost today (UTC), priced with the models' `price` (an unpriced model counts 0). */
  usdToday: number;
}

export function emptyShadowCounters(): ShadowCounters {
  return { run: 0, failed: 0, inFlight: 0, dropped: { busy: 0, budget: 0 }, usdToday: 0 };
}
