import type { IncomingHttpHeaders } from 'node:http';

/** The API key a request presented, as each protocol sends it: `Authorization: Bearer`, `x-api-key` or `x-goog-api-key`. */
export function presentedKey(headers: IncomingHttpHeaders): string | undefined {
  const bearer = headers.authorization?.match(/^Bearer\s+(.+)$/i)?.[1];
  if (bearer !== undefined) return bearer;
  const header = headers['x-api-key'] ?? headers['x-goog-api-key'];
  return Array.isArray(header) ? header[0] : header;
}
