import { LedgerInputError } from './errors/ledger-input-error';
import type { Ledger, LedgerOptions } from './ledger';
import type { LedgerStore } from './ledger-store';
import { MemoryStore } from './memory/memory-store';
import { PostgresStore } from './postgres/postgres-store';
import { QueuedLedger } from './queued-ledger';
import { validateRetention } from './retention/validate-retention';
import { SqliteStore } from './sqlite/sqlite-store';
import { SqliteWorkerStore } from './sqlite/sqlite-worker-store';

/**
 * Opens a ledger by URL: `memory:`, `sqlite:PATH` (a file, created with its
 * folder; `sqlite::memory:` for a private in-memory database) or
 * `postgres://…` / `postgresql://…`. Migrates the schema before it resolves.
 */
export async function createLedger(url: string, options: LedgerOptions = {}): Promise<Ledger> {
  if (options.retention !== undefined) validateRetention(options.retention);
  return new QueuedLedger(await openStore(url, options), options);
}

async function openStore(url: string, options: LedgerOptions): Promise<LedgerStore> {
  if (typeof url !== 'string') throw new LedgerInputError('ledger', 'must be a URL string (memory:, sqlite:PATH, postgres://…)');
  if (url === 'memory:') return new MemoryStore();
  if (url.startsWith('sqlite:')) {
    const path = url.slice('sqlite:'.length);
    if (path === '') throw new LedgerInputError('ledger', 'sqlite: needs a file path, e.g. sqlite:.bench/ledger.db');
    return options.sqliteWorker === false || path === ':memory:' ? new SqliteStore(path) : SqliteWorkerStore.open(path);
  }
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) return PostgresStore.open(url, options.poolSize);
  throw new LedgerInputError('ledger', `unknown ledger URL scheme in "${url.split(':')[0]}:…": use memory:, sqlite:PATH or postgres://…`);
}
