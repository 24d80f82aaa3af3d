import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createLedger } from '../create-ledger';
import { LedgerUnwrittenError } from '../errors/ledger-unwritten-error';
import { LedgerWriteError } from '../errors/ledger-write-error';
import { buildWorkerBundle, exited, spawnWriter } from '../test-support/child-process';
import { call } from '../test-support/fixtures';
import { toCallRecord } from '../to-call-record';
import { SqliteWorkerStore } from './sqlite-worker-store';

const dir = mkdtempSync(join(tmpdir(), 'bench-ledger-worker-'));
let n = 0;
const freshPath = () => join(dir, `ledger-${++n}.db`);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const count = (path: string) => {
  const db = new Database(path, { readonly: true });
  const row = db.prepare('SELECT count(*) AS n FROM calls').get() as { n: number };
  db.close();
  return row.n;
};

describe('sqlite ledger on a worker thread', () => {
  it('writes at close everything queued, a record enqueued just before close included', async () => {
    const path = freshPath();
    const ledger = await createLedger(`sqlite:${path}`, { windowMs: 60_000, batchSize: 500 });
    for (let i = 0; i < 2000; i += 1) ledger.recordCall(call(`p${i}.1`));
    expect(ledger.recordCall(call('last.1'))).toBe(true);
    await ledger.close();
    expect(count(path)).toBe(2001);
    const db = new Database(path, { readonly: true });
    expect(db.prepare("SELECT id FROM calls WHERE id = 'last.1'").get()).toEqual({ id: 'last.1' });
    expect(db.prepare('SELECT sum(calls) AS calls FROM shape_totals').get()).toEqual({ calls: 2001 });
    db.close();
  });

  it('writes records built elsewhere too (the store interface, not the ledger), with a price and a cost of their own', async () => {
    const store = await SqliteWorkerStore.open(freshPath());
    const record = toCallRecord(call('w1.1', { usage: { inputTokens: 1_000_000 }, price: { input: 2, output: 3 } }), 5, undefined);
    await store.writeBatch([{ kind: 'call', record }]);
    expect(await store.getCall('w1.1')).toMatchObject({ id: 'w1.1', time: 5, cost: 2 });
    await store.close();
  });

  it("reports a write the worker's database refused through onError, keeps the record, and close rejects saying how many", async () => {
    const path = freshPath();
    const errors: unknown[] = [];
    const ledger = await createLedger(`sqlite:${path}`, { onError: (e) => errors.push(e), retryBaseMs: 1, windowMs: 60_000 });
    ledger.recordCall(call('p1.1'));
    await ledger.flush();
    const other = new Database(path);
    other.exec('DROP TABLE shape_totals'); // the worker's next batch fails inside its transaction
    other.close();
    ledger.recordCall(call('p2.1'));
    await expect(ledger.flush()).rejects.toSatisfy(LedgerWriteError.isInstance);
    expect(errors.length).toBeGreaterThanOrEqual(3);
    expect(errors.every(LedgerWriteError.isInstance)).toBe(true);
    expect((errors[0] as Error).message).toContain('no such table: shape_totals');
    expect(await ledger.getCall('p2.1')).toMatchObject({ id: 'p2.1' }); // still queued, still readable
    const closed = await ledger.close().catch((e: unknown) => e);
    expect(LedgerUnwrittenError.isInstance(closed) && closed.message).toMatch(/^1 ledger record/);
    expect(count(path)).toBe(1); // the failed batch rolled back whole
  });

  it('fails to open a file it cannot migrate, saying why, from the worker', async () => {
    const path = freshPath();
    await (await createLedger(`sqlite:${path}`)).close();
    const db = new Database(path);
    db.prepare('UPDATE ledger_schema SET version = 99').run();
    db.close();
    await expect(createLedger(`sqlite:${path}`)).rejects.toThrow('ledger schema version 99 is newer than this @bench/ledger knows');
  });

  it('does not keep an idle process alive: a process that flushed and never closed exits by itself, its call written', async () => {
    const path = freshPath();
    const child = spawnWriter(buildWorkerBundle('./idle-child.ts', 'idle-child.mjs'), [`sqlite:${path}`]);
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    expect(await exited(child)).toBe(0); // SIGKILL if the worker held the event loop open
    clearTimeout(timer);
    expect(count(path)).toBe(1);
  });

  it('leaves batches in the mailbox while the worker polls: a message wakes it only after it has been idle', async () => {
    const path = freshPath();
    const ledger = await createLedger(`sqlite:${path}`, { windowMs: 1 });
    const posted = vi.spyOn(Worker.prototype, 'postMessage');
    const ops = () => posted.mock.calls.map(([message]) => (message as { op: string }).op);
    ledger.recordCall(call('m1.1'));
    await ledger.flush();
    expect(ops()).toEqual(['poll']); // the worker slept since it started
    for (let i = 2; i <= 4; i += 1) {
      ledger.recordCall(call(`m${i}.1`));
      await ledger.flush();
    }
    expect(ops()).toEqual(['poll']); // the worker was polling: no message for these
    expect(await ledger.getCall('m4.1')).toMatchObject({ id: 'm4.1' });
    posted.mockRestore();
    await ledger.close();
    expect(count(path)).toBe(4);
  });
});
