import { apiErrorFrom } from './api-error';

/** The session's CSRF token, sent back as `x-bench-csrf` on every change a cookie carries. */
let csrfToken: string | null = null;
const loginListeners = new Set<(status: number) => void>();

export function setCsrfToken(token: string | null): void {
  csrfToken = token;
}

/** Called when any request is refused with 401 or 403, so the app can show the login page. */
export function onLoginNeeded(listener: (status: number) => void): () => void {
  loginListeners.add(listener);
  return () => loginListeners.delete(listener);
}

type Query = Record<string, string | number | undefined | null>;

export function withQuery(path: string, query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined && value !== null && value !== '') params.set(name, String(value));
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

async function send<T>(method: string, path: string, body?: unknown, options: { quiet401?: boolean } = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (method !== 'GET' && csrfToken) headers['x-bench-csrf'] = csrfToken;
  const response = await fetch(path, {
    method,
    headers,
    credentials: 'same-origin',
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  if (!response.ok) {
    const error = await apiErrorFrom(response);
    if (error.needsLogin && !options.quiet401) for (const listener of loginListeners) listener(error.status);
    throw error;
  }
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

export const api = {
  get: <T>(path: string, query?: Query) => send<T>('GET', withQuery(path, query)),
  post: <T>(path: string, body: unknown) => send<T>('POST', path, body),
  /** For the login calls themselves: a 401 there is an answer, not a reason to show the login page again. */
  quiet: {
    get: <T>(path: string) => send<T>('GET', path, undefined, { quiet401: true }),
    post: <T>(path: string, body: unknown) => send<T>('POST', path, body, { quiet401: true }),
    delete: <T>(path: string) => send<T>('DELETE', path, undefined, { quiet401: true }),
  },
};
