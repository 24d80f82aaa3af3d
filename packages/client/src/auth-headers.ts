import { getCodec, type Protocol } from '@bench/formats';

/** The auth headers each protocol's providers expect (each codec says). */
export function authHeaders(api: Protocol, apiKey: string | undefined): Record<string, string> {
  return getCodec(api).wire.upstreamAuthHeaders(apiKey);
}
