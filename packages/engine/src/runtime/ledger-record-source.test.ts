import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLedger, type Ledger } from '@bench/ledger';
import { postgresServerAvailable, startPostgresServer } from '@bench/testkit';
import { describe, expect, it } from 'vitest';
import { ledgerRecordSource } from './ledger-record-source';

/** A PostgreSQL cluster's processes, read from /proc: its postmaster (started with `-p PORT`) and the backends it forked. */
function clusterOf(port: string): number[] {
  const pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  const read = (path: string) => {
    try {
      return readFileSync(path, 'utf8');
    } catch {
      return ''; // a process that ended meanwhile
    }
  };
  const postmaster = pids.find((pid) => {
    const args = read(`/proc/${pid}/cmdline`).split('\0');
    return args[0]?.endsWith('/postgres') === true && args[args.indexOf('-p') + 1] === port;
  });
  if (postmaster === undefined) throw new Error(`no postmaster on port ${port}`);
  const parentOf = (pid: string) => read(`/proc/${pid}/stat`).split(') ')[1]?.split(' ')[1];
  return [postmaster, ...pids.filter((pid) => parentOf(pid) === postmaster)].map(Number);
}

const sqliteLedger = () => createLedger(`sqlite:${join(mkdtempSync(join(tmpdir(), 'records-')), 'ledger.db')}`);

describe('ledgerRecordSource', () => {
  it('reads the records from the ledger, and when it can no longer be read ranks by the last ones read, saying so', async () => {
    const ledger = await sqliteLedger();
    ledger.recordCall({ id: 'p1.1', purpose: 'seat', collection: 'core', alias: 'm1', status: 'ok' });
    await ledger.flush();
    await ledger.recordVerdict({ call: 'p1.1', useful: true });
    let clock = 0;
    const errors: unknown[] = [];
    const records = ledgerRecordSource(ledger, { maxAgeMs: 1_000, now: () => clock, onError: (error) => errors.push(error) });
    expect(await records.getRecords(['m1'])).toEqual(new Map([['m1', expect.objectContaining({ useful: 1 })]]));

    await ledger.close(); // a real store that fails every read from now on
    clock = 5_000;
    expect(await records.getRecords(['m1'])).toEqual(new Map([['m1', expect.objectContaining({ useful: 1 })]]));
    expect(errors).toHaveLength(1);
    clock = 5_500; // within maxAgeMs of the failed read: not read again
    expect(await records.getRecords(['m1'])).toEqual(new Map([['m1', expect.objectContaining({ useful: 1 })]]));
    expect(errors).toHaveLength(1);
  });

  it('after an invalidation reads the ledger again, even while a read that began before it is still under way', async () => {
    const ledger = await sqliteLedger();
    ledger.recordCall({ id: 'p1.1', purpose: 'seat', collection: 'core', alias: 'm1', status: 'ok' });
    await ledger.flush();
    // The first read gets its rows (no verdict yet) and is then held, as a slow database would hold it.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let reads = 0;
    const slowFirst = {
      async records() {
        const rows = await ledger.records();
        reads += 1;
        if (reads === 1) await held;
        return rows;
      },
    } as unknown as Ledger;
    const records = ledgerRecordSource(slowFirst, { maxAgeMs: 60_000, now: () => 0 });
    const before = records.getRecords(['m1']);
    await ledger.recordVerdict({ call: 'p1.1', useful: true });
    records.invalidate();
    expect(await records.getRecords(['m1'])).toEqual(new Map([['m1', expect.objectContaining({ useful: 1 })]]));
    release();
    expect(await before).toEqual(new Map([['m1', expect.objectContaining({ useful: 0 })]])); // asked before the verdict
    // The older read ended last, and did not put its records back over the newer ones.
    expect(await records.getRecords(['m1'])).toEqual(new Map([['m1', expect.objectContaining({ useful: 1 })]]));
    expect(reads).toBe(2);
    await ledger.close();
  });

  it('answers no records, not an error, when the ledger could never be read', async () => {
    const ledger = await sqliteLedger();
    await ledger.close();
    const errors: unknown[] = [];
    const records = ledgerRecordSource(ledger, { onError: (error) => errors.push(error) });
    expect(await records.getRecords(['m1', 'm2'])).toEqual(new Map());
    expect(errors).toHaveLength(1);
  });

  it.skipIf(!postgresServerAvailable())(
    'does not hold a turn on a database that hangs: the last records answer after waitMs',
    async () => {
      const postgres = await startPostgresServer();
      const ledger = await createLedger(postgres.createDatabase());
      const port = new URL(postgres.url).port;
      const cluster = clusterOf(port);
      try {
        ledger.recordCall({ id: 'p1.1', purpose: 'seat', collection: 'core', alias: 'm1', status: 'ok' });
        await ledger.flush();
        await ledger.recordVerdict({ call: 'p1.1', useful: true });
        let clock = 0;
        const records = ledgerRecordSource(ledger, { maxAgeMs: 1_000, waitMs: 200, now: () => clock });
        expect(await records.getRecords(['m1'])).toEqual(new Map([['m1', expect.objectContaining({ useful: 1 })]]));
        for (const pid of cluster) process.kill(pid, 'SIGSTOP');
        clock = 5_000;
        // Hung, the database would hold this read for its 15 s query timeout; the turn gets the last records instead.
        expect(await records.getRecords(['m1'])).toEqual(new Map([['m1', expect.objectContaining({ useful: 1 })]]));
      } finally {
        for (const pid of cluster) process.kill(pid, 'SIGCONT');
        await ledger.close().catch(() => undefined);
        postgres.stop();
      }
    },
    30_000,
  );
});
