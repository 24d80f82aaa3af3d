import type { IncomingHttpHeaders } from 'node:http';
import { getCodec, PROTOCOLS } from '@bench/formats';

/** The headers and query parameters any protocol's callers send a key in (every route takes each). */
const KEY_HEADERS = [...new Set(PROTOCOLS.flatMap((protocol) => getCodec(protocol).wire.keyHeaders))].filter((name) => name !== 'authorization');
const KEY_QUERIES = [...new Set(PROTOCOLS.flatMap((protocol) => getCodec(protocol).wire.keyQuery ?? []))];

/** The key a client sent: `Authorization: Bearer`, `x-api-key` (Anthropic), `x-goog-api-key` or `?key=` (Gemini). */
export function extractKey(headers: IncomingHttpHeaders, query: URLSearchParams): string | undefined {
  const authorization = headers.authorization;
  if (authorization) {
    const match = /^Bearer\s+(.+)$/i.exec(authorization.trim());
    if (match?.[1]) return match[1].trim();
  }
  const single = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value)?.trim() || undefined;
  for (const name of KEY_HEADERS) {
    const key = single(headers[name]);
    if (key) return key;
  }
  for (const name of KEY_QUERIES) {
    const key = query.get(name)?.trim();
    if (key) return key;
  }
  return undefined;
}

/** Whether the query string carries a key (`?key=`): the dashboard's routes refuse one. */
export function keyInQuery(query: URLSearchParams): boolean {
  return KEY_QUERIES.some((name) => query.has(name));
}
