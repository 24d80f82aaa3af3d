import type { ClientError } from '@bench/client';
import { EngineError } from '../errors/engine-error';

/** A failed turn as the caller's error: 429 when every member was rate limited, 400 for the caller's own mistake or a refusal, else 502. */
export function engineErrorFromClient(error: ClientError): EngineError {
  const neutral = error.toNeutral();
  const retryAfter = 'retryAfterMs' in error && typeof error.retryAfterMs === 'number' ? Math.ceil(error.retryAfterMs / 1000) : undefined;
  return new EngineError(error.gatewayStatus, neutral.kind, neutral.message, {
    ...(retryAfter !== undefined && error.gatewayStatus === 429 ? { headers: { 'retry-after': String(retryAfter) } } : {}),
    cause: error,
  });
}
