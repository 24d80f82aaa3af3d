import type { ClientError } from './errors/client-error';
import { ProviderRefusedError } from './errors/provider-refused-error';
import { RateLimitedError } from './errors/rate-limited-error';
import type { KeyPool } from './key-pool';
import type { KeyStatus } from './key-pool-status';
import { waitInWords } from './wait-in-words';

/**
 * Every key of the pool is cooling: the member fails over like an unavailable one, with a reason that names each key
 * (never its value), why it is out and when the first comes back. Only rate limits: a 429 (the soonest wait); else
 * the provider refused. `local`: nothing was sent (every key was already out).
 */
export function keyPoolExhausted(alias: string, pool: KeyPool, statuses: readonly KeyStatus[], now: number, local: boolean): ClientError {
  const cooling = statuses.filter((status): status is Extract<KeyStatus, { state: 'cooling' }> => status.state === 'cooling');
  if (cooling.length === 0) return new ProviderRefusedError({ alias, message: `${alias}: provider ${pool.id}'s key pool has no key to call with` });
  const soonest = Math.min(...cooling.map((status) => status.until));
  const keys = cooling
    .map(
      (status) => `${status.name} ${status.why === 'refused' ? 'refused (401/402/403)' : 'rate limited (429)'} until ${new Date(status.until).toISOString()}`,
    )
    .join(', ');
  const message = `${alias}: every key of provider ${pool.id}'s pool is cooling (${keys}); the first comes back in ${waitInWords(soonest - now)}`;
  if (cooling.every((status) => status.why === 'rate-limited'))
    return new RateLimitedError({ alias, message, retryAfterMs: Math.max(0, soonest - now), local });
  return new ProviderRefusedError({ alias, message });
}
