import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LedgerStore, WriteItem } from './ledger-store';
import { MemoryStore } from './memory/memory-store';
import { PostgresStore } from './postgres/postgres-store';
import { REFUSAL_IDS_KEPT_MS, type RefusalRecord } from './refusals';
import { SqliteStore } from './sqlite/sqlite-store';
import { SqliteWorkerStore } from './sqlite/sqlite-worker-store';
import { type PostgresServer, postgresAvailable, startPostgres } from './test-support/postgres-server';

const dir = mkdtempSync(join(tmpdir(), 'bench-refusal-ids-'));
const available = postgresAvailable();
let server: PostgresServer | undefined;
beforeAll(async () => {
  if (available) server = await startPostgres();
});
afterAll(() => {
  server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const minute = 60_000;
const refusal = (id: string, at: number, fields: Partial<RefusalRecord> = {}): WriteItem => ({
  kind: 'refusal',
  record: { id, minute: at, keyName: 'ci', collection: 'agents', scope: 'key', limit: 'rpm', ...fields },
});

const stores: Array<[string, () => Promise<LedgerStore>]> = [
  ['memory', async () => new MemoryStore()],
  ['sqlite', async () => new SqliteStore(join(dir, `a-${Math.random()}.db`))],
  ['sqlite on its worker', () => SqliteWorkerStore.open(join(dir, `b-${Math.random()}.db`))],
];
if (available) stores.push(['postgres', async () => PostgresStore.open(await server!.createDatabase())]);

describe.each(stores)('refusal ids in the %s store', (_, open) => {
  it('counts a refusal once however often its batch is written, and forgets its id a day on', async () => {
    const store = await open();
    const batch = [refusal('r1', 5 * minute), refusal('r2', 5 * minute), refusal('r3', 6 * minute, { collection: null, limit: 'budget' })];
    await store.writeBatch(batch);
    await store.writeBatch(batch); // the same batch again, as the write queue retries one whose answer was lost
    await store.writeBatch([...batch, refusal('r4', 5 * minute)]); // a retry may carry more than the first try did
    expect(await store.refusals({ from: 0, to: 60 * minute })).toEqual([
      { keyName: 'ci', collection: 'agents', scope: 'key', limit: 'rpm', count: 3 },
      { keyName: 'ci', collection: null, scope: 'key', limit: 'budget', count: 1 },
    ]);
    // A refusal more than a day later drops the ids of before: the table of ids stays a day's size.
    await store.writeBatch([refusal('r5', 6 * minute + REFUSAL_IDS_KEPT_MS + minute)]);
    await store.writeBatch([refusal('r3', 6 * minute, { collection: null, limit: 'budget' })]);
    expect(await store.refusals({ from: 0, to: 60 * minute })).toContainEqual({ keyName: 'ci', collection: null, scope: 'key', limit: 'budget', count: 2 });
    await store.close();
  });
});
