/** A URL fit to print: a password in it is left out. */
export function redactUrl(url: string): string {
  return url.replace(/\/\/([^:/@]*):[^@]*@/, '//$1:***@');
}

export interface ServicePlace {
  /** `SQLite`, `Postgres`, `Redis` or `memory` */
  kind: string;
  /** Where, fit to print (no password). */
  place: string;
  /** The network address to reach, for Postgres and Redis. */
  address?: { host: string; port: number };
}

function networkAddress(url: string, defaultPort: number): { host: string; port: number } | undefined {
  try {
    const parsed = new URL(url);
    const host = parsed.hostname.replace(/^\[|\]$/g, '') || '127.0.0.1';
    return { host, port: parsed.port ? Number(parsed.port) : defaultPort };
  } catch {
    return undefined;
  }
}

/** The config's `ledger`: `sqlite:PATH`, `postgres://…` or `memory:`. */
export function ledgerPlace(url: string): ServicePlace {
  if (url === 'memory:') return { kind: 'memory', place: 'kept only while the gateway runs' };
  if (url.startsWith('sqlite:')) return { kind: 'SQLite', place: url.slice('sqlite:'.length) };
  const address = networkAddress(url, 5432);
  return { kind: 'Postgres', place: redactUrl(url), ...(address ? { address } : {}) };
}

/** The config's `state`: `memory:` or `redis://…`. */
export function statePlace(url: string): ServicePlace {
  if (url === 'memory:') return { kind: 'memory', place: 'this process only (replicas need Redis)' };
  const address = networkAddress(url, 6379);
  return { kind: 'Redis', place: redactUrl(url), ...(address ? { address } : {}) };
}
