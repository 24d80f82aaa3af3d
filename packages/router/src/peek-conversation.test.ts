import { describe, expect, it } from 'vitest';
import { chatRequest, manualClock, member } from './__fixtures__/requests';
import { createRouter, type PeekInput } from './create-router';
import type { Collection } from './member';
import { createMemoryConversationStore } from './stores/memory-conversation-store';
import { createMemoryRecordSource } from './stores/memory-record-source';

const agents: Collection = { name: 'agents', members: [member('m1'), member('m2'), member('m3')] };
const settings = { rotate: 0 };

function input(overrides: Partial<PeekInput> = {}): PeekInput {
  return { collection: agents, keyName: 'alice', request: chatRequest(), settings, ...overrides };
}

describe('router.peek', () => {
  it("finds the member a conversation moved to, from the conversation's next turn", async () => {
    const router = createRouter();
    const first = await router.plan(input());
    await router.settle(first, { answered: 'm2', failed: [{ alias: 'm1' }] });
    expect(await router.peek(input({ request: chatRequest({ turns: 2 }) }))).toEqual({
      conversation: first.conversation,
      identity: 'fingerprint',
      alias: 'm2',
      turn: 1,
    });
  });

  it("identifies a conversation by the client's session id, as a turn does", async () => {
    const router = createRouter();
    const headers = { 'x-claude-code-session-id': 'session-1' };
    const first = await router.plan(input({ headers }));
    await router.settle(first, { answered: 'm3' });
    const peeked = await router.peek(input({ headers, request: chatRequest({ user: 'a later question' }) }));
    expect(peeked).toMatchObject({ conversation: first.conversation, identity: 'session', alias: 'm3' });
    expect(await router.peek(input({ request: chatRequest({ user: 'a later question' }) }))).toBeUndefined();
  });

  it('leaves a new conversation unclaimed: the turn after it is ranked afresh', async () => {
    const records = createMemoryRecordSource();
    const router = createRouter({ records });
    expect(await router.peek(input())).toBeUndefined();
    records.addUseful('m3', 5);
    const plan = await router.plan(input());
    expect(plan.isNew).toBe(true);
    expect(plan.members[0]?.alias).toBe('m3');
  });

  it("never restarts a conversation's idle expiry", async () => {
    const clock = manualClock();
    const router = createRouter({ now: clock.now });
    const sticky = { rotate: 0, stickyTtlMs: 60_000 };
    const first = await router.plan(input({ settings: sticky }));
    await router.settle(first, { answered: 'm3' });
    clock.advance(59_000);
    expect((await router.peek(input({ settings: sticky })))?.alias).toBe('m3');
    clock.advance(1_000);
    expect(await router.peek(input({ settings: sticky }))).toBeUndefined();
    expect((await router.plan(input({ settings: sticky }))).isNew).toBe(true);
  });

  it('reads nothing for a collection that is not sticky', async () => {
    const conversations = createMemoryConversationStore();
    const router = createRouter({ conversations });
    const first = await router.plan(input());
    await router.settle(first, { answered: 'm2' });
    expect(await router.peek(input({ settings: { ...settings, sticky: false } }))).toBeUndefined();
  });

  it('reads as not under way when the store fails, and says which store', async () => {
    const failures: string[] = [];
    const failing = createMemoryConversationStore();
    failing.peek = () => Promise.reject(new Error('store down'));
    const router = createRouter({ conversations: failing, onStoreError: (_error, store) => failures.push(store) });
    expect(await router.peek(input())).toBeUndefined();
    expect(failures).toEqual(['conversations']);
  });
});
