import { describe, expect, it } from 'vitest';
import { createLedger } from '../create-ledger';
import { LedgerUnwrittenError } from '../errors/ledger-unwritten-error';
import { call } from '../test-support/fixtures';
import { type PostgresServer, postgresAvailable, startPostgres } from '../test-support/postgres-server';

const available = postgresAvailable();
let server: PostgresServer | undefined;

describe.skipIf(!available)('closing a Postgres ledger whose database has gone', () => {
  it('rejects saying how many records were not written, and still closes', async () => {
    server = await startPostgres();
    const errors: unknown[] = [];
    const ledger = await createLedger(await server.createDatabase(), { retryBaseMs: 10, onError: (error) => errors.push(error) });
    server.stop(); // the database goes away with three records queued
    for (const n of [1, 2, 3]) ledger.recordCall(call(`p${n}.1`));
    const closing = ledger.close();
    await expect(closing).rejects.toSatisfy((error: unknown) => LedgerUnwrittenError.isInstance(error) && error.records === 3);
    await expect(closing).rejects.toThrow(/^3 ledger records were not written at close: /);
    expect(ledger.recordCall(call('p4.1'))).toBe(false); // closed all the same
  }, 60_000);
});
