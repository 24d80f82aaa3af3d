import { describe, expect, it } from 'vitest';
import { InvalidRouteInputError } from '../errors/invalid-route-input-error';
import { createMemoryConversationStore } from './memory-conversation-store';

const HOUR = 3_600_000;

describe('createMemoryConversationStore', () => {
  it('claims a new conversation, then returns it to later claims', async () => {
    const store = createMemoryConversationStore();
    expect(await store.claim('c1', { alias: 'm1', turn: 1 }, { ttlMs: HOUR, now: 0 })).toEqual({
      conversation: { alias: 'm1', turn: 1 },
      created: true,
    });
    expect(await store.claim('c1', { alias: 'm2', turn: 2 }, { ttlMs: HOUR, now: 1 })).toEqual({
      conversation: { alias: 'm1', turn: 1 },
      created: false,
    });
  });

  it('lets the first of two simultaneous claims win', async () => {
    const store = createMemoryConversationStore();
    const timing = { ttlMs: HOUR, now: 0 };
    const [a, b] = await Promise.all([store.claim('c1', { alias: 'm1', turn: 1 }, timing), store.claim('c1', { alias: 'm2', turn: 1 }, timing)]);
    expect(a.created).toBe(true);
    expect(b).toEqual({ conversation: { alias: 'm1', turn: 1 }, created: false });
  });

  it('forgets an idle conversation after its ttl, and each claim restarts the idle time', async () => {
    const store = createMemoryConversationStore();
    await store.claim('c1', { alias: 'm1', turn: 1 }, { ttlMs: HOUR, now: 0 });
    expect((await store.claim('c1', { alias: 'm2', turn: 1 }, { ttlMs: HOUR, now: HOUR - 1 })).created).toBe(false);
    expect((await store.claim('c1', { alias: 'm2', turn: 1 }, { ttlMs: HOUR, now: 2 * HOUR - 2 })).created).toBe(false);
    const expired = await store.claim('c1', { alias: 'm2', turn: 1 }, { ttlMs: HOUR, now: 3 * HOUR });
    expect(expired).toEqual({ conversation: { alias: 'm2', turn: 1 }, created: true });
  });

  it('assigns and forgets', async () => {
    const store = createMemoryConversationStore();
    await store.assign('c1', { alias: 'm3', turn: 4 }, { ttlMs: HOUR, now: 0 });
    expect((await store.claim('c1', { alias: 'm1', turn: 1 }, { ttlMs: HOUR, now: 1 })).conversation).toEqual({ alias: 'm3', turn: 4 });
    await store.forget('c1');
    expect((await store.claim('c1', { alias: 'm1', turn: 1 }, { ttlMs: HOUR, now: 2 })).created).toBe(true);
  });

  it('peeks without storing, restarting the idle time, or freshening the conversation against the bound', async () => {
    const store = createMemoryConversationStore({ maxConversations: 2 });
    expect(await store.peek('c1', 0)).toBeUndefined();
    expect((await store.claim('c1', { alias: 'm1', turn: 1 }, { ttlMs: HOUR, now: 0 })).created).toBe(true);
    await store.claim('c2', { alias: 'm2', turn: 3 }, { ttlMs: HOUR, now: 0 });
    expect(await store.peek('c2', HOUR - 1)).toEqual({ alias: 'm2', turn: 3 });
    expect(await store.peek('c2', HOUR)).toBeUndefined();
    expect((await store.claim('c2', { alias: 'm3', turn: 1 }, { ttlMs: HOUR, now: HOUR })).created).toBe(true);
    // c1 is the least recently used however often it is peeked: the next conversation drops it.
    expect(await store.peek('c1', 1)).toEqual({ alias: 'm1', turn: 1 });
    await store.claim('c3', { alias: 'm1', turn: 1 }, { ttlMs: HOUR, now: 2 });
    expect(await store.peek('c1', 3)).toBeUndefined();
  });

  it('holds at most maxConversations, dropping the least recently used', async () => {
    const store = createMemoryConversationStore({ maxConversations: 100 });
    const timing = { ttlMs: HOUR, now: 0 };
    for (let i = 0; i < 10_000; i += 1) await store.claim(`c${i}`, { alias: 'm1', turn: 1 }, timing);
    expect((await store.claim('c9999', { alias: 'm2', turn: 1 }, timing)).created).toBe(false);
    expect((await store.claim('c9900', { alias: 'm2', turn: 1 }, timing)).created).toBe(false);
    expect((await store.claim('c9899', { alias: 'm2', turn: 1 }, timing)).created).toBe(true);
  });

  it('refuses a bad bound, naming it', () => {
    expect(() => createMemoryConversationStore({ maxConversations: 0 })).toThrow(InvalidRouteInputError);
    expect(() => createMemoryConversationStore({ maxConversations: 0 })).toThrow(/maxConversations: must be a positive integer/);
  });
});
