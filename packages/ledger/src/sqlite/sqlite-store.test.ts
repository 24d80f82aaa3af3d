import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLedger } from '../create-ledger';
import { buildWriterChild, exited, spawnWriter } from '../test-support/child-process';
import { call } from '../test-support/fixtures';
import { dashboardContract } from '../test-support/dashboard-contract';
import { ledgerContract } from '../test-support/ledger-contract';
import { recordsContract } from '../test-support/records-contract';
import { retentionContract } from '../test-support/retention-contract';
import { expectSchemaV2Totals, schemaV2Rows } from '../test-support/schema-v2-rows';
import { SQLITE_MIGRATIONS } from './sqlite-migrations';

const dir = mkdtempSync(join(tmpdir(), 'bench-ledger-sqlite-'));
let n = 0;
const freshPath = () => join(dir, `ledger-${++n}.db`);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

ledgerContract('sqlite', (options) => createLedger(`sqlite:${freshPath()}`, options));
ledgerContract('sqlite on the calling thread', (options) => createLedger(`sqlite:${freshPath()}`, { sqliteWorker: false, ...options }));
recordsContract('sqlite', async () => `sqlite:${freshPath()}`, true);
retentionContract('sqlite on disk, on its worker', (options) => createLedger(`sqlite:${freshPath()}`, options));
retentionContract('sqlite on disk, on the calling thread', (options) => createLedger(`sqlite:${freshPath()}`, { sqliteWorker: false, ...options }));
dashboardContract('sqlite', (options) => createLedger(`sqlite:${freshPath()}`, options));
dashboardContract('sqlite on the calling thread', (options) => createLedger(`sqlite:${freshPath()}`, { sqliteWorker: false, ...options }));

describe('sqlite store on disk', () => {
  it('creates the folder, uses WAL, records its schema version, and keeps records across close and reopen', async () => {
    const path = join(dir, 'nested', 'deeper', 'ledger.db');
    const first = await createLedger(`sqlite:${path}`, { windowMs: 60_000 });
    first.recordCall(call('p1.1', { time: 7 }));
    first.recordTurn({ conversation: 'c1', turn: 1, alias: 'm1', status: 'ok', time: 8 });
    await first.close(); // close flushes what is queued
    const db = new Database(path, { readonly: true });
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.prepare('SELECT version FROM ledger_schema').all()).toEqual([{ version: SQLITE_MIGRATIONS.length }]);
    db.close();
    const second = await createLedger(`sqlite:${path}`);
    expect(await second.getCall('p1.1')).toMatchObject({ id: 'p1.1', time: 7 });
    expect(await second.getTurns('c1')).toHaveLength(1);
    expect((await second.stats())[0]).toMatchObject({ alias: 'm1', calls: 1 });
    await second.close();
  });

  it('keeps responses in the file across a reopen, and deletes expired ones (at most once a minute) as others are kept', async () => {
    const path = freshPath();
    let now = 1_000_000;
    const first = await createLedger(`sqlite:${path}`, { now: () => now });
    await first.keepResponse('resp_old', '{"old":true}', 1000);
    await first.keepResponse('resp_kept', '{"kept":true}', 600_000);
    await first.close();
    now += 61_000; // resp_old expired a minute ago
    const second = await createLedger(`sqlite:${path}`, { now: () => now });
    expect(await second.keptResponse('resp_kept', 600_000)).toBe('{"kept":true}');
    const ids = () => {
      const db = new Database(path, { readonly: true });
      try {
        return db.prepare('SELECT id FROM stored_responses ORDER BY id').pluck().all();
      } finally {
        db.close();
      }
    };
    expect(ids()).toEqual(['resp_kept', 'resp_old']);
    await second.keepResponse('resp_new', '{"new":true}', 600_000);
    await expect.poll(ids).toEqual(['resp_kept', 'resp_new']);
    await second.close();
  });

  it('brings a file of schema version 1 up to date, its calls, turns and stats kept with no cache writes', async () => {
    const path = freshPath();
    const db = new Database(path);
    db.exec(SQLITE_MIGRATIONS[0] ?? '');
    db.exec('CREATE TABLE ledger_schema (version INTEGER NOT NULL); INSERT INTO ledger_schema VALUES (1)');
    db.prepare(
      `INSERT INTO calls (id, time, purpose, collection, alias, status, input_tokens, output_tokens, reasoning_tokens, cached_tokens, cost, tool_calls, unit)
       VALUES ('p1.1', 7, 'seat', 'core', 'm1', 'ok', 10, 2, 0, 4, 0.5, 0, 'p1')`,
    ).run();
    db.prepare(
      `INSERT INTO turns (conversation, turn, time, collection, alias, status, input_tokens, output_tokens, reasoning_tokens, cached_tokens, tool_calls, tried)
       VALUES ('c1', 1, 7, 'core', 'm1', 'ok', 10, 2, 0, 4, 0, '[]')`,
    ).run();
    db.prepare(
      "INSERT INTO model_stats (collection, alias, calls, input_tokens, output_tokens, cached_tokens, cost) VALUES ('core', 'm1', 1, 10, 2, 4, 0.5)",
    ).run();
    db.close();
    const ledger = await createLedger(`sqlite:${path}`);
    expect(await ledger.getCall('p1.1')).toMatchObject({ cachedTokens: 4, cacheWriteTokens: 0, cost: 0.5 });
    expect((await ledger.getTurns('c1'))[0]).toMatchObject({ cachedTokens: 4, cacheWriteTokens: 0 });
    ledger.recordCall(call('p2.1', { usage: { inputTokens: 10, cacheWriteTokens: 6 } }));
    await ledger.flush();
    expect((await ledger.stats({ collection: 'core' }))[0]).toMatchObject({
      calls: 2,
      tokens: { input: 20, output: 2, reasoning: 0, cached: 4, cacheWrite: 6 },
    });
    await ledger.close();
    const reopened = new Database(path, { readonly: true });
    expect(reopened.prepare('SELECT version FROM ledger_schema').all()).toEqual([{ version: SQLITE_MIGRATIONS.length }]);
    reopened.close();
  });

  it('brings a file of schema version 2 up to date, filling the running totals from its calls and verdicts', async () => {
    const path = freshPath();
    const db = new Database(path);
    db.exec(SQLITE_MIGRATIONS[0] ?? '');
    db.exec(SQLITE_MIGRATIONS[1] ?? '');
    db.exec('CREATE TABLE ledger_schema (version INTEGER NOT NULL); INSERT INTO ledger_schema VALUES (2)');
    for (const sql of schemaV2Rows((useful) => (useful ? '1' : '0'))) db.exec(sql);
    db.close();
    const ledger = await createLedger(`sqlite:${path}`);
    await expectSchemaV2Totals(ledger);
    await ledger.close();
  });

  it('refuses a file from a newer schema version', async () => {
    const path = freshPath();
    await (await createLedger(`sqlite:${path}`)).close();
    const db = new Database(path);
    db.prepare('UPDATE ledger_schema SET version = 99').run();
    db.close();
    await expect(createLedger(`sqlite:${path}`)).rejects.toThrow(
      `ledger schema version 99 is newer than this @bench/ledger knows (${SQLITE_MIGRATIONS.length})`,
    );
  });
});

describe('sqlite with separate processes', () => {
  let script = '';
  beforeAll(() => {
    script = buildWriterChild();
  });

  it('loses nothing committed when the writer is killed mid-write, and the file stays sound', async () => {
    const path = freshPath();
    let committed = 0;
    const child = spawnWriter(script, [`sqlite:${path}`, 'k', '0'], (count) => {
      committed = count;
      if (count >= 20_000) child.kill('SIGKILL');
    });
    expect(await exited(child)).toBe('SIGKILL');
    expect(committed).toBeGreaterThanOrEqual(20_000);
    const db = new Database(path);
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    const stored = db.prepare("SELECT count(*) AS n, max(CAST(substr(id, 3) AS INTEGER)) AS top FROM calls WHERE id LIKE 'k.%'").get() as {
      n: number;
      top: number;
    };
    // Every id below the last reported count is there, with no gaps: ids are written in order.
    expect(stored.n).toBeGreaterThanOrEqual(committed);
    expect(stored.top).toBe(stored.n - 1);
    const summary = db.prepare('SELECT sum(calls) AS calls FROM model_stats').get() as { calls: number };
    expect(summary.calls).toBe(stored.n); // aggregates commit with their calls
    db.close();
  });

  it('two processes writing one file at once lose nothing', async () => {
    const path = freshPath();
    const a = spawnWriter(script, [`sqlite:${path}`, 'a', '6000']);
    const b = spawnWriter(script, [`sqlite:${path}`, 'b', '6000']);
    expect(await Promise.all([exited(a), exited(b)])).toEqual([0, 0]);
    const ledger = await createLedger(`sqlite:${path}`);
    const stats = await ledger.stats();
    expect(stats.reduce((sum, s) => sum + s.calls, 0)).toBe(12_000);
    expect(await ledger.getCall('a.5999')).toBeDefined();
    expect(await ledger.getCall('b.5999')).toBeDefined();
    await ledger.close();
  });
});
