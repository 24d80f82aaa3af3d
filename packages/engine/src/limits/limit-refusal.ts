import { EngineError } from '../errors/engine-error';
import { NANOS_PER_USD, type LimitSpec } from './limit-specs';
import { budgetWindow } from './limit-windows';
import { durationWords, ownerWords, usdWords, utcWords } from './limit-wording';

/** A refusal's Retry-After: whole seconds, at least 1. */
export const retryAfterSeconds = (retryAfterMs: number) => Math.max(1, Math.ceil(retryAfterMs / 1000));

/** The 429 for a turn over a limit: which limit, its size, what was used, and when it frees (also as Retry-After, in seconds). */
export function limitRefusal(spec: LimitSpec, used: number, retryAfterMs: number, now: number): EngineError {
  const retryAfter = retryAfterSeconds(retryAfterMs);
  const everyone = spec.scope === 'collection' ? ', for every caller together' : '';
  const resets = `it resets in ${durationWords(retryAfterMs)}`;
  let message: string;
  switch (spec.name) {
    case 'rpm':
      message = `${ownerWords(spec)} is over its rpm of ${spec.size}${everyone} (${used} request${used === 1 ? '' : 's'} in the last minute); ${resets}`;
      break;
    case 'tpm':
      message = `${ownerWords(spec)} is over its tpm of ${spec.size}${everyone} (${used} token${used === 1 ? '' : 's'} in the last minute); ${resets}`;
      break;
    case 'budget': {
      const window = budgetWindow(spec.per!, now);
      const spent = usdWords(used / NANOS_PER_USD);
      message = `${ownerWords(spec)} is over its budget of ${usdWords(spec.size)} a ${spec.per}${everyone} (${spent} spent since ${utcWords(window.start)}); ${resets}, at ${utcWords(window.end)}`;
      break;
    }
    default: {
      const never: never = spec.name;
      throw new Error(`unknown limit ${String(never)}`);
    }
  }
  return new EngineError(429, 'rate-limit', message, { headers: { 'retry-after': String(retryAfter) } });
}
