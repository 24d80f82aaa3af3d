import { describe, expect, it } from 'vitest';
import type { HeldReasoning } from '../held-reasoning';
import { createMemoryReasoningStore } from './memory-reasoning-store';

const held = (signature: string): HeldReasoning => ({
  calls: ['t1'],
  parts: [
    { type: 'reasoning', text: 'think', signature, signatureFrom: 'anthropic' },
    { type: 'call', id: 't1' },
  ],
});
const at = (now: number) => ({ ttlMs: 1000, now });

describe('createMemoryReasoningStore', () => {
  it('answers what was kept under each key, undefined for the others', () => {
    const store = createMemoryReasoningStore();
    store.put('a', held('s1'), at(0));
    expect(store.get(['a', 'b'], at(10))).toEqual([held('s1'), undefined]);
  });

  it('forgets an entry idle past its expiry; a read restarts the expiry', () => {
    const store = createMemoryReasoningStore();
    store.put('a', held('s1'), at(0));
    store.put('b', held('s2'), at(0));
    expect(store.get(['a'], at(900))).toEqual([held('s1')]);
    expect(store.get(['a', 'b'], at(1500))).toEqual([held('s1'), undefined]);
  });

  it('drops the least recently used past its size bound, and never keeps what alone exceeds it', async () => {
    const big = (n: number) => held('x'.repeat(n));
    const store = createMemoryReasoningStore({ maxBytes: 3000 });
    store.put('a', big(600), at(0));
    store.put('b', big(600), at(0));
    store.get(['a'], at(1)); // a is now the most recently used
    store.put('c', big(600), at(2));
    expect((await store.get(['a', 'b', 'c'], at(3))).map((entry) => entry !== undefined)).toEqual([true, false, true]);
    store.put('huge', big(5000), at(4));
    expect((await store.get(['huge', 'a'], at(5))).map((entry) => entry !== undefined)).toEqual([false, true]);
  });

  it('refuses a size bound that is not a positive integer', () => {
    expect(() => createMemoryReasoningStore({ maxBytes: 0 })).toThrow(/maxBytes/);
  });
});
