import type { HealthRecord } from './health-store';

/**
 * The record after one more failure: a rate limit cools the model for its
 * Retry-After (or the cooldown when it gave none); `afterFailures` failures in
 * a row cool it for `forMs`. A cooling period is only ever extended.
 */
export function afterFailure(
  record: HealthRecord | undefined,
  failure: { kind: string; retryAfterMs?: number },
  policy: { afterFailures: number; forMs: number },
  now: number,
): HealthRecord {
  const failures = (record?.failures ?? 0) + 1;
  let coolUntil = record?.coolingUntil;
  const extend = (until: number) => {
    coolUntil = coolUntil === undefined ? until : Math.max(coolUntil, until);
  };
  if (failure.kind === 'rate-limited') extend(now + (failure.retryAfterMs ?? policy.forMs));
  if (failures >= policy.afterFailures) extend(now + policy.forMs);
  return {
    failures,
    lastFailureAt: now,
    ...(coolUntil !== undefined ? { coolingUntil: coolUntil } : {}),
    ...(record?.lastSuccessAt !== undefined ? { lastSuccessAt: record.lastSuccessAt } : {}),
  };
}

/** The record after a success: failures forgiven, cooling over. */
export function afterSuccess(record: HealthRecord | undefined, now: number): HealthRecord {
  return {
    failures: 0,
    lastSuccessAt: now,
    ...(record?.lastFailureAt !== undefined ? { lastFailureAt: record.lastFailureAt } : {}),
  };
}
