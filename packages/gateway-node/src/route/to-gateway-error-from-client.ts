import type { ClientError } from '@bench/client';
import { GatewayError } from '../errors/gateway-error';

/** A failed turn as the caller's error: 429 when every member was rate limited, 400 for the caller's own mistake or a refusal, else 502. */
export function gatewayErrorFromClient(error: ClientError): GatewayError {
  const neutral = error.toNeutral();
  const retryAfter = 'retryAfterMs' in error && typeof error.retryAfterMs === 'number' ? Math.ceil(error.retryAfterMs / 1000) : undefined;
  return new GatewayError(error.gatewayStatus, neutral.kind, neutral.message, {
    ...(retryAfter !== undefined && error.gatewayStatus === 429 ? { headers: { 'retry-after': String(retryAfter) } } : {}),
    cause: error,
  });
}
