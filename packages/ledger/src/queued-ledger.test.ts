import { describe, expect, it } from 'vitest';
import { LedgerRefusedError } from './errors/ledger-refused-error';
import { LedgerWriteError } from './errors/ledger-write-error';
import type { WriteItem } from './ledger-store';
import { MemoryStore } from './memory/memory-store';
import { QueuedLedger } from './queued-ledger';
import { call } from './test-support/fixtures';

/** A real memory store whose writes fail while `down` is set. */
class FlakyStore extends MemoryStore {
  down = false;
  override async writeBatch(batch: WriteItem[]): Promise<void> {
    if (this.down) throw new Error('store unreachable');
    return super.writeBatch(batch);
  }
}

describe('QueuedLedger', () => {
  it('never throws a failed write at the caller: reports it, keeps the records, writes them once the store is back', async () => {
    const store = new FlakyStore();
    const errors: unknown[] = [];
    const ledger = new QueuedLedger(store, { onError: (e) => errors.push(e), retryBaseMs: 1, windowMs: 1 });
    store.down = true;
    expect(ledger.recordCall(call('p1.1'))).toBe(true);
    await expect(ledger.flush()).rejects.toSatisfy(LedgerWriteError.isInstance);
    expect(errors.length).toBeGreaterThanOrEqual(3);
    expect(errors.every(LedgerWriteError.isInstance)).toBe(true);
    expect(await ledger.getCall('p1.1')).toMatchObject({ id: 'p1.1' }); // still queued, still readable
    store.down = false;
    await ledger.flush();
    expect(await store.getCall('p1.1')).toMatchObject({ id: 'p1.1' });
    await ledger.close();
  });

  it('refuses records beyond maxQueued, reports each, and counts them in health', async () => {
    const store = new FlakyStore();
    const errors: unknown[] = [];
    store.down = true;
    const ledger = new QueuedLedger(store, { onError: (e) => errors.push(e), maxQueued: 2, windowMs: 60_000 });
    expect([1, 2, 3].map((i) => ledger.recordCall(call(`p1.${i}`)))).toEqual([true, true, false]);
    const refused = errors.filter(LedgerRefusedError.isInstance);
    expect(refused.map((e) => [e.reason, e.record])).toEqual([['queue-full', 'p1.3']]);
    expect(await ledger.health()).toMatchObject({ queued: 2, refused: 1 });
    store.down = false;
    await ledger.close();
    expect(await store.getCall('p1.2')).toBeDefined();
  });

  it('survives an onError hook that throws', async () => {
    const ledger = new QueuedLedger(new MemoryStore(), {
      onError: () => {
        throw new Error('hook bug');
      },
    });
    await ledger.close();
    expect(ledger.recordCall(call('p1.1'))).toBe(false);
  });

  it('close rejects when the store stays down, after reporting each attempt', async () => {
    const store = new FlakyStore();
    store.down = true;
    const errors: unknown[] = [];
    const ledger = new QueuedLedger(store, { onError: (e) => errors.push(e), retryBaseMs: 1, windowMs: 60_000 });
    ledger.recordCall(call('p1.1'));
    await expect(ledger.close()).rejects.toThrow('ledger write of 1 records failed (attempt 5)');
    expect(errors).toHaveLength(5);
  });
});
