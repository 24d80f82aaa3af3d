import { InvalidTargetError } from './errors/invalid-target-error';
import type { RetrySettings } from './settings';

const WHOLE: ReadonlySet<string> = new Set(['serverErrorRetries', 'maxMembers', 'continuations']);

/** Frozen settings found valid: a gateway passes the same frozen ones on every call, checked once. */
const VALID_FROZEN = new WeakSet<object>();

/** Throws an InvalidTargetError naming the first retry setting the client cannot use (`path` is where `retry` sits). */
export function validateRetry(retry: Partial<RetrySettings> | undefined, path: string): void {
  if (retry === undefined || VALID_FROZEN.has(retry)) return;
  for (const [name, value] of Object.entries(retry)) {
    if (value === undefined) continue;
    if (WHOLE.has(name)) {
      if (!(Number.isInteger(value) && value >= 0)) throw new InvalidTargetError(`${path}.${name}`, 'must be a whole number, 0 or more');
    } else if (!(typeof value === 'number' && Number.isFinite(value) && value >= 0)) {
      throw new InvalidTargetError(`${path}.${name}`, 'must be a number of milliseconds, 0 or more');
    }
  }
  if (Object.isFrozen(retry)) VALID_FROZEN.add(retry);
}
