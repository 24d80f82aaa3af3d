import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLedger } from '@bench/ledger';
import { describe, expect, it } from 'vitest';
import { ledgerRecordSource } from './ledger-record-source';

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

  it('answers no records, not an error, when the ledger could never be read', async () => {
    const ledger = await sqliteLedger();
    await ledger.close();
    const errors: unknown[] = [];
    const records = ledgerRecordSource(ledger, { onError: (error) => errors.push(error) });
    expect(await records.getRecords(['m1', 'm2'])).toEqual(new Map());
    expect(errors).toHaveLength(1);
  });
});
