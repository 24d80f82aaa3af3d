import type { IncomingMessage, ServerResponse } from 'node:http';

const EXPOSED = 'X-Bench-Panel, X-Bench-Seats, X-Bench-Conversation, X-Bench-Model, Retry-After';
const ALLOWED_HEADERS =
  'authorization, content-type, x-api-key, x-goog-api-key, anthropic-version, anthropic-beta, x-session-id, x-session-affinity, x-claude-code-session-id, x-stainless-os, x-stainless-lang, x-stainless-package-version, x-stainless-runtime, x-stainless-runtime-version, x-stainless-arch, x-stainless-retry-count, x-stainless-timeout, x-goog-api-client';

/**
 * CORS for the configured origins only. Sets the headers on `res` when the
 * origin is allowed; answers a preflight itself (returns true when it did).
 */
export function applyCors(req: IncomingMessage, res: ServerResponse, origins: readonly string[]): boolean {
  const origin = req.headers.origin;
  const allowed = origin !== undefined && (origins.includes(origin) || origins.includes('*'));
  if (allowed) {
    res.setHeader('access-control-allow-origin', origins.includes('*') ? '*' : origin);
    res.setHeader('access-control-expose-headers', EXPOSED);
    res.setHeader('vary', 'Origin');
  }
  const isPreflight = req.method === 'OPTIONS' && req.headers['access-control-request-method'] !== undefined;
  if (!isPreflight) return false;
  if (allowed) {
    res.setHeader('access-control-allow-methods', 'GET, POST, HEAD, DELETE, OPTIONS');
    res.setHeader('access-control-allow-headers', req.headers['access-control-request-headers'] ?? ALLOWED_HEADERS);
    res.setHeader('access-control-max-age', '600');
  }
  res.writeHead(allowed ? 204 : 403, { 'content-length': '0' });
  res.end();
  return true;
}
