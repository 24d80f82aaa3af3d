import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLedger } from '../create-ledger';
import { buildWriterChild, exited, spawnWriter } from '../test-support/child-process';
import { call } from '../test-support/fixtures';
import { dashboardContract } from '../test-support/dashboard-contract';
import { minutesAfterRetention } from '../test-support/minutes-after-retention';
import { ledgerContract } from '../test-support/ledger-contract';
import { recordsContract } from '../test-support/records-contract';
import { retentionContract } from '../test-support/retention-contract';
import { expectKeyRequestsBackfilled, keyRequestsRows } from '../test-support/key-requests-backfill';
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
describe('sqlite series', () => minutesAfterRetention(() => createLedger(`sqlite:${freshPath()}`)));

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

  it("brings a file from before conversation_facets up to date: its conversations are listed by each turn's model and key", async () => {
    const path = freshPath();
    const db = new Database(path);
    const before = SQLITE_MIGRATIONS.findIndex((sql) => sql.includes('CREATE TABLE conversation_facets'));
    for (const sql of SQLITE_MIGRATIONS.slice(0, before)) db.exec(sql);
    db.exec(`CREATE TABLE ledger_schema (version INTEGER NOT NULL); INSERT INTO ledger_schema VALUES (${before})`);
    const addCall = db.prepare(`INSERT INTO calls (id, time, purpose, collection, key_name, alias, status, input_tokens, output_tokens,
      reasoning_tokens, cached_tokens, tool_calls, unit) VALUES (?, ?, 'route', 'agents', ?, ?, 'ok', 1, 1, 0, 0, 0, ?)`);
    const addTurn = db.prepare(`INSERT INTO turns (conversation, turn, time, collection, call, alias, status, input_tokens, output_tokens,
      reasoning_tokens, cached_tokens, tool_calls, tried) VALUES (?, ?, ?, 'agents', ?, ?, 'ok', 1, 1, 0, 0, 0, '[]')`);
    const addConversation = db.prepare("INSERT INTO conversations VALUES (?, 'agents', ?, ?, ?, 'ok')");
    for (const [conversation, key, turns] of [
      ['c1', 'alice', ['m1', 'm2']],
      ['c2', 'bob', ['m2']],
    ] as const) {
      turns.forEach((alias, i) => {
        addCall.run(`r${conversation}${i}`, 10 * i + conversation.length, key, alias, conversation);
        addTurn.run(conversation, i + 1, 10 * i + (conversation === 'c1' ? 1 : 2), `r${conversation}${i}`, alias);
      });
      addConversation.run(conversation, 1, conversation === 'c1' ? 11 : 2, turns.length);
    }
    db.close();
    const ledger = await createLedger(`sqlite:${path}`);
    const ids = async (query: Parameters<typeof ledger.conversations>[0]) => (await ledger.conversations(query)).conversations.map((c) => c.id);
    expect(await ids({ model: 'm2' })).toEqual(['c1', 'c2']);
    expect(await ids({ model: 'm1' })).toEqual(['c1']);
    expect(await ids({ keyName: 'bob' })).toEqual(['c2']);
    expect(await ids({ keyName: 'carol' })).toEqual([]);
    await ledger.close();
  });

  it('brings a file from before panel_members up to date: its panels are listed by the model of any of their calls', async () => {
    const path = freshPath();
    const db = new Database(path);
    const before = SQLITE_MIGRATIONS.findIndex((sql) => sql.includes('CREATE TABLE panel_members'));
    for (const sql of SQLITE_MIGRATIONS.slice(0, before)) db.exec(sql);
    db.exec(`CREATE TABLE ledger_schema (version INTEGER NOT NULL); INSERT INTO ledger_schema VALUES (${before})`);
    const addCall = db.prepare(`INSERT INTO calls (id, time, purpose, collection, alias, status, input_tokens, output_tokens, reasoning_tokens,
      cached_tokens, tool_calls, unit) VALUES (?, ?, ?, 'core', ?, 'ok', 1, 1, 0, 0, 0, ?)`);
    for (const [id, time, purpose, alias] of [
      ['pa.1', 1, 'seat', 'm1'],
      ['pa.merger', 3, 'merger', 'm2'],
      ['pb.1', 2, 'seat', 'm2'],
      ['pb.2', 2, 'seat', 'm3'],
    ] as const) {
      addCall.run(id, time, purpose, alias, id.slice(0, 2));
    }
    db.close();
    const ledger = await createLedger(`sqlite:${path}`);
    const panels = async (panelMember: string) => (await ledger.calls({ firstSeat: true, panelMember })).calls.map((c) => c.unit);
    expect(await panels('m2')).toEqual(['pb', 'pa']);
    expect(await panels('m3')).toEqual(['pb']);
    expect(await panels('m4')).toEqual([]);
    await ledger.close();
  });

  it("counts the requests of the calls stored before a key's requests were counted: a route turn once, a panel once", async () => {
    const path = freshPath();
    const db = new Database(path);
    const before = SQLITE_MIGRATIONS.findIndex((sql) => sql.includes('CREATE TABLE key_totals')); // the schema before key_totals (and its requests)
    for (const sql of SQLITE_MIGRATIONS.slice(0, before)) db.exec(sql);
    db.exec(`CREATE TABLE ledger_schema (version INTEGER NOT NULL); INSERT INTO ledger_schema VALUES (${before})`);
    for (const sql of keyRequestsRows()) db.exec(sql);
    db.close();
    const ledger = await createLedger(`sqlite:${path}`);
    await expectKeyRequestsBackfilled(ledger);
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
