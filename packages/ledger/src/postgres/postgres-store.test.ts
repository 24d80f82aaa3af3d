import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLedger } from '../create-ledger';
import type { Ledger } from '../ledger';
import { call } from '../test-support/fixtures';
import { dashboardContract } from '../test-support/dashboard-contract';
import { minutesAfterRetention } from '../test-support/minutes-after-retention';
import { ledgerContract } from '../test-support/ledger-contract';
import { recordsContract } from '../test-support/records-contract';
import { retentionContract } from '../test-support/retention-contract';
import { expectKeyRequestsBackfilled, keyRequestsRows } from '../test-support/key-requests-backfill';
import { expectSchemaV2Totals, schemaV2Rows } from '../test-support/schema-v2-rows';
import { POSTGRES_MIGRATIONS } from './postgres-migrations';
import { type PostgresServer, postgresAvailable, startPostgres } from '../test-support/postgres-server';

const available = postgresAvailable();
let server: PostgresServer | undefined;

beforeAll(async () => {
  if (available) server = await startPostgres();
});
afterAll(() => server?.stop());

const freshUrl = async () => {
  if (!server) throw new Error('postgres not started');
  return server.createDatabase();
};

describe.skipIf(!available)('postgres', () => {
  ledgerContract('postgres', async (options) => createLedger(await freshUrl(), options));
  recordsContract('postgres', freshUrl, true);
  retentionContract('postgres', async (options) => createLedger(await freshUrl(), options));
  dashboardContract('postgres', async (options) => createLedger(await freshUrl(), options));
  minutesAfterRetention(async () => createLedger(await freshUrl()));

  it('two replicas migrating and writing one database at once lose nothing', async () => {
    const url = await freshUrl();
    const [a, b] = await Promise.all([createLedger(url, { batchSize: 100 }), createLedger(url, { batchSize: 100 })]);
    const write = async (ledger: Ledger, prefix: string) => {
      for (let i = 0; i < 3000; i += 1) {
        ledger.recordCall(call(`${prefix}${i}.1`, { alias: `m${i % 7}`, time: i, usage: { inputTokens: 2 } }));
        if (i % 250 === 0) await new Promise((resolve) => setImmediate(resolve));
      }
      await ledger.flush();
    };
    await Promise.all([write(a, 'a'), write(b, 'b')]);
    await Promise.all([a.recordVerdict({ call: 'a0.1', useful: true }), b.recordVerdict({ call: 'b7.1', useful: true })]);
    const stats = await a.stats();
    expect(stats).toHaveLength(7);
    expect(stats.reduce((sum, s) => sum + s.calls, 0)).toBe(6000);
    expect(stats.reduce((sum, s) => sum + s.tokens.input, 0)).toBe(12_000);
    expect(stats.find((s) => s.alias === 'm0')).toMatchObject({ useful: 2, verdicts: 2 });
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const { rows } = await client.query<{ n: string }>('SELECT count(*) AS n FROM calls');
    const version = await client.query<{ version: number }>('SELECT version FROM ledger_schema');
    await client.end();
    expect(Number(rows[0]?.n)).toBe(6000);
    expect(version.rows).toEqual([{ version: POSTGRES_MIGRATIONS.length }]);
    await Promise.all([a.close(), b.close()]);
  });

  it('brings a database of schema version 2 up to date, filling the running totals from its calls and verdicts', async () => {
    const url = await freshUrl();
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(POSTGRES_MIGRATIONS[0] ?? '');
    await client.query(POSTGRES_MIGRATIONS[1] ?? '');
    await client.query('CREATE TABLE ledger_schema (version INTEGER NOT NULL); INSERT INTO ledger_schema VALUES (2)');
    for (const sql of schemaV2Rows((useful) => String(useful))) await client.query(sql);
    await client.end();
    const ledger = await createLedger(url);
    await expectSchemaV2Totals(ledger);
    await ledger.close();
  });

  it("counts the requests of the calls stored before a key's requests were counted: a route turn once, a panel once", async () => {
    const url = await freshUrl();
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const before = POSTGRES_MIGRATIONS.findIndex((sql) => sql.includes('CREATE TABLE key_totals')); // the schema before key_totals (and its requests)
    for (const sql of POSTGRES_MIGRATIONS.slice(0, before)) await client.query(sql);
    await client.query(`CREATE TABLE ledger_schema (version INTEGER NOT NULL); INSERT INTO ledger_schema VALUES (${before})`);
    for (const sql of keyRequestsRows()) await client.query(sql);
    await client.end();
    const ledger = await createLedger(url);
    await expectKeyRequestsBackfilled(ledger);
    await ledger.close();
  });

  it('brings a database of schema version 1 up to date, its calls and stats kept with no cache writes', async () => {
    const url = await freshUrl();
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(POSTGRES_MIGRATIONS[0] ?? '');
    await client.query('CREATE TABLE ledger_schema (version INTEGER NOT NULL); INSERT INTO ledger_schema VALUES (1)');
    await client.query(
      `INSERT INTO calls (id, time, purpose, collection, alias, status, input_tokens, output_tokens, reasoning_tokens, cached_tokens, cost, tool_calls, unit)
       VALUES ('p1.1', 7, 'seat', 'core', 'm1', 'ok', 10, 2, 0, 4, 0.5, 0, 'p1')`,
    );
    await client.query(
      "INSERT INTO model_stats (collection, alias, calls, input_tokens, output_tokens, cached_tokens, cost) VALUES ('core', 'm1', 1, 10, 2, 4, 0.5)",
    );
    const ledger = await createLedger(url);
    expect(await ledger.getCall('p1.1')).toMatchObject({ cachedTokens: 4, cacheWriteTokens: 0, cost: 0.5 });
    ledger.recordCall(call('p2.1', { usage: { inputTokens: 10, cacheWriteTokens: 6 } }));
    await ledger.flush();
    expect((await ledger.stats({ collection: 'core' }))[0]).toMatchObject({
      calls: 2,
      tokens: { input: 20, output: 2, reasoning: 0, cached: 4, cacheWrite: 6 },
    });
    const version = await client.query<{ version: number }>('SELECT version FROM ledger_schema');
    await client.end();
    expect(version.rows).toEqual([{ version: POSTGRES_MIGRATIONS.length }]);
    await ledger.close();
  });

  it('reports an unreachable server in health and keeps the queued records for a retry', async () => {
    const url = await freshUrl();
    const errors: unknown[] = [];
    const ledger = await createLedger(url, { onError: (e) => errors.push(e), retryBaseMs: 10 });
    // Terminate every connection of this database and forbid new ones: the store is down.
    const admin = new pg.Client({ connectionString: url.replace(/\/[^/]+$/, '/postgres') });
    await admin.connect();
    const name = url.split('/').at(-1);
    await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
    await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [name]);
    expect(await ledger.health()).toMatchObject({ ok: false });
    expect(ledger.recordCall(call('p1.1'))).toBe(true);
    await expect(ledger.flush()).rejects.toThrow('ledger write of 1 records failed');
    expect(errors.length).toBeGreaterThan(0);
    await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
    await admin.end();
    await ledger.flush();
    expect(await ledger.getCall('p1.1')).toMatchObject({ id: 'p1.1' });
    expect(await ledger.health()).toMatchObject({ ok: true, queued: 0 });
    await ledger.close();
  });
});
