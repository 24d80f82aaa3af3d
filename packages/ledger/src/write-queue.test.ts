import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LedgerWriteError } from './errors/ledger-write-error';
import { WriteQueue, type WriteQueueOptions } from './write-queue';

function queue(overrides: Partial<WriteQueueOptions<number>> = {}) {
  const batches: number[][] = [];
  const errors: LedgerWriteError[] = [];
  const q = new WriteQueue<number>({
    write: async (batch) => {
      batches.push([...batch]);
    },
    batchSize: 3,
    windowMs: 50,
    maxQueued: 10,
    retryBaseMs: 100,
    retryMaxMs: 400,
    onError: (error) => errors.push(error),
    ...overrides,
  });
  return { q, batches, errors };
}

describe('WriteQueue', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('holds a partial batch for the window, then writes it', async () => {
    const { q, batches } = queue();
    q.push(1);
    q.push(2);
    await vi.advanceTimersByTimeAsync(49);
    expect(batches).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(batches).toEqual([[1, 2]]);
    expect(q.size).toBe(0);
  });

  it('writes a full batch without waiting for the window, in batches of at most batchSize', async () => {
    const { q, batches } = queue();
    for (let i = 1; i <= 7; i += 1) q.push(i);
    await vi.advanceTimersByTimeAsync(0);
    expect(batches).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
  });

  it('with gatherAfterWrite, writes full batches at once and lets the partial rest wait the window for company', async () => {
    const { q, batches } = queue({ gatherAfterWrite: true });
    for (let i = 1; i <= 7; i += 1) q.push(i);
    await vi.advanceTimersByTimeAsync(0);
    expect(batches).toEqual([
      [1, 2, 3],
      [4, 5, 6],
    ]);
    q.push(8);
    await vi.advanceTimersByTimeAsync(49);
    expect(batches).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(batches).toEqual([
      [1, 2, 3],
      [4, 5, 6],
      [7, 8],
    ]);
    await q.flush(); // flush writes a partial batch at once
    q.push(9);
    await q.flush();
    expect(batches.at(-1)).toEqual([9]);
  });

  it('refuses items beyond maxQueued and takes them again once written', async () => {
    const { q } = queue({ maxQueued: 2, batchSize: 100 });
    expect([q.push(1), q.push(2), q.push(3)]).toEqual([true, true, false]);
    await q.flush();
    expect(q.push(3)).toBe(true);
  });

  it('keeps a failed batch at the head, reports each failure, and retries with growing delays', async () => {
    let failuresLeft = 3;
    const written: number[][] = [];
    const { q, errors } = queue({
      write: async (batch) => {
        if (failuresLeft-- > 0) throw new Error('disk full');
        written.push([...batch]);
      },
    });
    q.push(1);
    await vi.advanceTimersByTimeAsync(50); // first attempt fails
    q.push(2);
    expect(errors.map((e) => [e.attempt, e.records])).toEqual([[1, 1]]);
    await vi.advanceTimersByTimeAsync(99);
    expect(errors).toHaveLength(1); // backoff 100 ms not over yet
    await vi.advanceTimersByTimeAsync(1);
    expect(errors).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(200);
    expect(errors).toHaveLength(3);
    expect(errors[2]?.message).toBe('ledger write of 2 records failed (attempt 3), will retry: disk full');
    await vi.advanceTimersByTimeAsync(400);
    expect(written).toEqual([[1, 2]]);
    expect(q.size).toBe(0);
  });

  it('flush gives up after its attempts with the items still queued', async () => {
    const { q } = queue({
      write: async () => {
        throw new Error('down');
      },
    });
    q.push(1);
    const flushed = q.flush(2).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(1000);
    const error = await flushed;
    expect(LedgerWriteError.isInstance(error)).toBe(true);
    expect(q.size).toBe(1);
    expect(q.find((item) => item === 1)).toBe(1);
    q.stop();
  });
});
