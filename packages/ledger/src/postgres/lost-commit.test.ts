import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLedger } from '../create-ledger';
import { LedgerWriteError } from '../errors/ledger-write-error';
import { call } from '../test-support/fixtures';
import { startCommitLosingProxy } from '../test-support/commit-losing-proxy';
import { type PostgresServer, postgresAvailable, startPostgres } from '../test-support/postgres-server';

const available = postgresAvailable();
let server: PostgresServer | undefined;

beforeAll(async () => {
  if (available) server = await startPostgres();
});
afterAll(() => server?.stop());

describe.skipIf(!available)('a Postgres batch retried after its COMMIT was done and its answer lost', () => {
  it('counts its refusals, calls and key totals once', async () => {
    const proxy = await startCommitLosingProxy(await server!.createDatabase());
    const errors: unknown[] = [];
    const ledger = await createLedger(proxy.url, { retryBaseMs: 10, onError: (error) => errors.push(error) });
    const minute = 60_000;
    ledger.recordRefusal({ time: 5 * minute, keyName: 'ci', collection: 'agents', scope: 'key', limit: 'rpm' });
    ledger.recordRefusal({ time: 5 * minute + 1, keyName: 'ci', collection: 'agents', scope: 'key', limit: 'rpm' });
    ledger.recordRefusal({ time: 6 * minute, keyName: 'ci', scope: 'key', limit: 'budget' });
    ledger.recordCall(call('p1.1', { keyName: 'ci', time: 5 * minute, request: true, usage: { inputTokens: 3 } }));
    proxy.loseNextCommit();
    await ledger.flush();
    expect(proxy.lost).toBe(1); // the first write was committed, its answer cut …
    expect(errors).toHaveLength(1); // … so the batch was written again
    expect(LedgerWriteError.isInstance(errors[0])).toBe(true);
    expect(await ledger.refusals({ from: 0, to: 60 * minute })).toEqual([
      { keyName: 'ci', collection: 'agents', scope: 'key', limit: 'rpm', count: 2 },
      { keyName: 'ci', collection: null, scope: 'key', limit: 'budget', count: 1 },
    ]);
    expect((await ledger.stats())[0]).toMatchObject({ calls: 1, tokens: { input: 3 } });
    expect(await ledger.keyTotals({ key: 'ci', from: 0 })).toMatchObject({ requests: 1, calls: 1 });
    await ledger.close();
    await proxy.close();
  }, 30_000);
});
