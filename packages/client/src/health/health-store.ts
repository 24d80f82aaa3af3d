/** A model's recent health (ms epoch times). */
export interface HealthRecord {
  /** Failures since the last success. */
  failures: number;
  /** Tried last until then. */
  coolingUntil?: number;
  lastFailureAt?: number;
  lastSuccessAt?: number;
}

/** Where health records live; shared with `@bench/router` (memory and Redis implementations). */
export interface HealthStore {
  get(alias: string): Promise<HealthRecord | undefined>;
  getMany(aliases: readonly string[]): Promise<Map<string, HealthRecord>>;
  recordFailure(
    alias: string,
    failure: { kind: string; retryAfterMs?: number },
    policy: { afterFailures: number; forMs: number },
  ): Promise<HealthRecord>;
  recordSuccess(alias: string): Promise<void>;
}

/** True while the record says to try the model last. */
export function isCooling(record: HealthRecord | undefined, now: number): boolean {
  return record?.coolingUntil !== undefined && record.coolingUntil > now;
}
