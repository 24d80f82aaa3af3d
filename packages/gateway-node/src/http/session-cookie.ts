import type { IncomingHttpHeaders } from 'node:http';

/** The dashboard session's cookie. */
export const SESSION_COOKIE = 'bench_session';

/** The session cookie's value in a request's Cookie header, if any. */
export function sessionCookieOf(headers: IncomingHttpHeaders): string | undefined {
  const header = headers.cookie;
  if (!header) return undefined;
  for (const pair of header.split(';')) {
    const at = pair.indexOf('=');
    if (at !== -1 && pair.slice(0, at).trim() === SESSION_COOKIE) return pair.slice(at + 1).trim() || undefined;
  }
  return undefined;
}

/**
 * A Set-Cookie for the session: only the gateway's own `/bench` pages send it back, never script (HttpOnly) nor
 * another site (SameSite=Strict); Secure when the request came over HTTPS. `maxAgeSeconds` 0 clears it.
 */
export function sessionCookie(value: string, maxAgeSeconds: number, secure: boolean): string {
  return `${SESSION_COOKIE}=${value}; Path=/bench; HttpOnly; SameSite=Strict; Max-Age=${maxAgeSeconds}${secure ? '; Secure' : ''}`;
}
