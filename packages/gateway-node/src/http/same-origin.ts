import type { IncomingHttpHeaders } from 'node:http';

/** A browser's `Origin` is absent, or names the host the request was sent to (the dashboard's own pages). */
export function isSameOrigin(headers: IncomingHttpHeaders): boolean {
  const origin = headers.origin;
  if (origin === undefined) return true;
  try {
    return new URL(origin).host === headers.host;
  } catch {
    return false; // "null" (a sandboxed frame, a file:) or garbage
  }
}
