import { describe, expect, it } from 'vitest';
import type { QueuedWrite } from '../queued-write';
import { call } from '../test-support/fixtures';
import { decodeWriteBatch, encodeWriteBatch } from './write-batch-codec';
import { WriteMailbox } from './write-mailbox';

const calls = (n: number, extra = ''): QueuedWrite[] =>
  Array.from({ length: n }, (_, i) => ({
    kind: 'call',
    input: call(`p${i}.1`, { alias: `m${i % 3}`, errorMessage: `é€😀${extra}`, price: { input: i % 2, output: 2, cacheRead: 0.1 } }),
    time: i,
  }));

describe("the SQLite worker's write mailbox", () => {
  it('hands a batch to the worker as postMessage would: the same records, with their prices and non-ASCII text', () => {
    const serving = new WriteMailbox();
    const worker = new WriteMailbox(serving.buffer);
    const batch = calls(50);
    expect(worker.take()).toBeUndefined();
    expect(serving.put(7, encodeWriteBatch(batch, undefined))).toBe(true);
    const taken = worker.take();
    expect(taken?.id).toBe(7);
    expect(decodeWriteBatch(taken!.batch)).toEqual(decodeWriteBatch(structuredClone(encodeWriteBatch(batch, undefined))));
    expect(worker.take()).toBeUndefined(); // taken once
  });

  it('holds one batch at a time, and refuses what postMessage must carry: values, a batch too large, a non-finite price', () => {
    const serving = new WriteMailbox();
    const worker = new WriteMailbox(serving.buffer);
    expect(serving.put(1, encodeWriteBatch(calls(2), undefined))).toBe(true);
    expect(serving.put(2, encodeWriteBatch(calls(2), undefined))).toBe(false);
    worker.take();
    const refusal: QueuedWrite = { kind: 'refusal', input: { keyName: 'ci', scope: 'key', limit: 'rpm' }, time: 1, id: 'refusal-1' };
    expect(serving.put(3, encodeWriteBatch([refusal], undefined))).toBe(false);
    expect(serving.put(4, encodeWriteBatch(calls(2, 'x'.repeat(100_000)), undefined))).toBe(false);
    const odd: QueuedWrite = { kind: 'call', input: call('p9.1', { price: { input: Number.POSITIVE_INFINITY, output: 1 } }), time: 1 };
    expect(serving.put(5, encodeWriteBatch([odd], undefined))).toBe(false);
    expect(serving.put(6, encodeWriteBatch(calls(2), undefined))).toBe(true);
  });

  it('says the worker sleeps until it polls, and a worker does not go to sleep over a batch that came meanwhile', () => {
    const serving = new WriteMailbox();
    const worker = new WriteMailbox(serving.buffer);
    expect(serving.sleeping).toBe(true); // a new worker is woken by the first batch's message
    worker.wake();
    expect(serving.sleeping).toBe(false);
    serving.put(1, encodeWriteBatch(calls(1), undefined));
    expect(worker.sleep()).toBe(false);
    expect(serving.sleeping).toBe(false);
    worker.take();
    expect(worker.sleep()).toBe(true);
    expect(serving.sleeping).toBe(true);
  });
});
