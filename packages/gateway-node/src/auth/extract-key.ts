import type { IncomingHttpHeaders } from 'node:http';

/** The key a client sent: `Authorization: Bearer`, `x-api-key` (Anthropic), `x-goog-api-key` or `?key=` (Gemini). */
export function extractKey(headers: IncomingHttpHeaders, query: URLSearchParams): string | undefined {
  const authorization = headers.authorization;
  if (authorization) {
    const match = /^Bearer\s+(.+)$/i.exec(authorization.trim());
    if (match?.[1]) return match[1].trim();
  }
  const single = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value)?.trim() || undefined;
  return single(headers['x-api-key']) ?? single(headers['x-goog-api-key']) ?? (query.get('key')?.trim() || undefined);
}
