import type { ClientError } from './errors/client-error';
import { ConnectionError } from './errors/connection-error';
import { RateLimitedError } from './errors/rate-limited-error';
import { ServerError } from './errors/server-error';
import type { RetrySettings } from './settings';

/** Retries already spent on one candidate. */
export interface RetryCounts {
  rateLimited: number;
  server: number;
}

/**
 * How long to wait before retrying the same candidate, or undefined for no
 * retry: a 429 whose Retry-After is at most `retryAfterMaxMs` is waited out
 * once; a 5xx or a connection reset before any byte is retried
 * `serverErrorRetries` times after a jittered backoff. Nothing else is retried.
 */
export function retryDelay(error: ClientError, counts: RetryCounts, settings: RetrySettings, random: () => number): number | undefined {
  if (RateLimitedError.isInstance(error)) {
    const wait = error.retryAfterMs;
    if (error.local || wait === undefined || wait > settings.retryAfterMaxMs || counts.rateLimited >= 1) return undefined;
    counts.rateLimited += 1;
    return wait;
  }
  const serverLike = ServerError.isInstance(error) || (ConnectionError.isInstance(error) && error.beforeAnyByte);
  if (!serverLike || counts.server >= settings.serverErrorRetries) return undefined;
  const base = settings.backoffMs * 2 ** counts.server;
  counts.server += 1;
  return Math.round(base * (1 + random()));
}
