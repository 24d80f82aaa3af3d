import type { NeutralRequest } from '@bench/formats';
import { type HeaderRecord, readHeader } from './header-record';

/** Headers agent clients send a session id in, most specific first. */
export const SESSION_HEADERS = ['x-claude-code-session-id', 'x-session-affinity', 'x-session-id'] as const;

/** The client's own session id: a session header, else the request's `sessionKey` (Responses `prompt_cache_key`). */
export function sessionIdOf(headers: HeaderRecord, request: Pick<NeutralRequest, 'sessionKey'>): string | undefined {
  for (const name of SESSION_HEADERS) {
    const value = readHeader(headers, name);
    if (value !== undefined) return value;
  }
  const key = request.sessionKey?.trim();
  return key ? key : undefined;
}
