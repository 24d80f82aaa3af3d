import { describe, expect, it } from 'vitest';
import { createMemoryResponseStore } from './memory-response-store';
import type { StoredResponse } from './response-store';

const turn = (text: string, previous: string | null = null): StoredResponse => ({
  previous,
  messages: [{ role: 'user', content: [{ type: 'text', text }] }],
  keyName: '',
});

describe('createMemoryResponseStore', () => {
  it('answers a kept response until it has been idle past its expiry; a read restarts the expiry', () => {
    let now = 0;
    const store = createMemoryResponseStore({ now: () => now });
    store.put('r1', turn('a'), 1000);
    store.put('r2', turn('b', 'r1'), 1000);
    now = 900;
    expect(store.get('r1', 1000)).toEqual(turn('a'));
    now = 1500;
    expect(store.get('r1', 1000)).toEqual(turn('a'));
    expect(store.get('r2', 1000)).toBeUndefined();
    expect(store.get('nope', 1000)).toBeUndefined();
  });

  it('drops the least recently used past its size bound, and never keeps what alone exceeds it', () => {
    const store = createMemoryResponseStore({ maxBytes: 1000 });
    store.put('a', turn('x'.repeat(150)), 60_000);
    store.put('b', turn('y'.repeat(150)), 60_000);
    store.get('a', 60_000);
    store.put('c', turn('z'.repeat(150)), 60_000);
    expect(['a', 'b', 'c'].map((id) => store.get(id, 60_000) !== undefined)).toEqual([true, false, true]);
    store.put('huge', turn('w'.repeat(2000)), 60_000);
    expect(store.get('huge', 60_000)).toBeUndefined();
  });

  it('forgets a deleted response and gives its room back', () => {
    const store = createMemoryResponseStore({ maxBytes: 1000 });
    store.put('a', turn('x'.repeat(150)), 60_000);
    store.put('b', turn('y'.repeat(150)), 60_000);
    store.delete('a');
    store.delete('never-there');
    store.put('c', turn('z'.repeat(150)), 60_000);
    expect(['a', 'b', 'c'].map((id) => store.get(id, 60_000) !== undefined)).toEqual([false, true, true]);
  });
});
