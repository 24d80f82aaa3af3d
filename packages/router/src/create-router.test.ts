import { describe, expect, it } from 'vitest';
import { chatRequest, manualClock, member, seededRandom } from './__fixtures__/requests';
import { createRouter, type PlanInput } from './create-router';
import { InvalidRouteInputError } from './errors/invalid-route-input-error';
import { NoEligibleMemberError } from './errors/no-eligible-member-error';
import { RequestTooLargeError } from './errors/request-too-large-error';
import type { Collection } from './member';
import { createMemoryConversationStore } from './stores/memory-conversation-store';
import { createMemoryHealthStore } from './stores/memory-health-store';
import { createMemoryRecordSource } from './stores/memory-record-source';

const agents: Collection = { name: 'agents', members: [member('m1'), member('m2'), member('m3'), member('m4')] };
const noRotation = { rotate: 0 };

function input(overrides: Partial<PlanInput> = {}): PlanInput {
  return { collection: agents, keyName: 'alice', request: chatRequest(), settings: noRotation, ...overrides };
}

const aliases = (plan: { members: Array<{ alias: string }> }) => plan.members.map((m) => m.alias);

describe('router.plan', () => {
  it('plans a new conversation by record, at most maxMembers long', async () => {
    const records = createMemoryRecordSource({ m3: { useful: 4 }, m2: { useful: 2 } });
    const router = createRouter({ records, random: seededRandom(1) });
    const plan = await router.plan(input());
    expect(aliases(plan)).toEqual(['m3', 'm2', 'm1']);
    expect(plan).toMatchObject({ collection: 'agents', turn: 1, isNew: true, identity: 'fingerprint', skipped: [] });
  });

  it('leaves out a member without vision when a document comes back inside a tool result (Claude Code reading a PDF)', async () => {
    const collection: Collection = { name: 'docs', members: [member('blind', { vision: false }), member('eye')] };
    const pdf = { type: 'file' as const, source: { kind: 'base64' as const, mediaType: 'application/pdf', data: 'JVBERi0x' } };
    const request = { ...chatRequest(), messages: [{ role: 'user' as const, content: [{ type: 'tool-result' as const, callId: 'c1', content: [pdf] }] }] };
    const plan = await createRouter().plan(input({ collection, request }));
    expect(aliases(plan)).toEqual(['eye']);
    expect(plan.skipped).toEqual([expect.objectContaining({ alias: 'blind', reason: 'no-vision' })]);
  });

  it('without any record, keeps the listed order', async () => {
    const plan = await createRouter().plan(input());
    expect(aliases(plan)).toEqual(['m1', 'm2', 'm3']);
  });

  it('keeps a conversation under way on its member, even when the record now favours another', async () => {
    const records = createMemoryRecordSource();
    const router = createRouter({ records });
    const first = await router.plan(input());
    await router.settle(first, { answered: 'm1' });
    records.addUseful('m4', 10);
    const second = await router.plan(input({ request: chatRequest({ turns: 2 }) }));
    expect(second.conversation).toBe(first.conversation);
    expect(second).toMatchObject({ isNew: false, turn: 2 });
    expect(aliases(second)).toEqual(['m1', 'm4', 'm2']);
    const other = await router.plan(input({ request: chatRequest({ user: 'another task' }) }));
    expect(aliases(other)[0]).toBe('m4');
  });

  it('moves the conversation to the member that answered', async () => {
    const router = createRouter();
    const first = await router.plan(input());
    await router.settle(first, { answered: 'm2', failed: [{ alias: 'm1' }] });
    const second = await router.plan(input({ request: chatRequest({ turns: 2 }) }));
    expect(aliases(second)[0]).toBe('m2');
  });

  it('forgets a new conversation nobody answered, so the retry is planned afresh', async () => {
    const router = createRouter();
    const first = await router.plan(input());
    await router.settle(first, { failed: [{ alias: 'm1' }] });
    expect((await router.plan(input())).isNew).toBe(true);
  });

  it('two concurrent first turns share one conversation and one member', async () => {
    const router = createRouter({ random: seededRandom(7) });
    const settings = { rotate: 0.5 };
    const plans = await Promise.all(Array.from({ length: 8 }, () => router.plan(input({ settings }))));
    expect(new Set(plans.map((plan) => plan.members[0]?.alias)).size).toBe(1);
    expect(plans.filter((plan) => plan.isNew)).toHaveLength(1);
  });

  it('expires an idle conversation after stickyTtlMs (injected clock)', async () => {
    const clock = manualClock();
    const router = createRouter({ now: clock.now });
    const settings = { rotate: 0, stickyTtlMs: 60_000 };
    const first = await router.plan(input({ settings }));
    await router.settle(first, { answered: 'm3' });
    clock.advance(59_999);
    expect(aliases(await router.plan(input({ settings })))[0]).toBe('m3');
    clock.advance(60_000);
    const expired = await router.plan(input({ settings }));
    expect(expired.isNew).toBe(true);
    expect(aliases(expired)[0]).toBe('m1');
  });

  it('counts turns from the request, or from the store when the request carries no history', async () => {
    const router = createRouter();
    const headers = { 'x-session-id': 's1' };
    const first = await router.plan(input({ headers }));
    await router.settle(first, { answered: 'm1' });
    const bare = await router.plan(input({ headers, request: chatRequest({ user: 'next question' }) }));
    expect(bare).toMatchObject({ identity: 'session', isNew: false, turn: 2 });
    expect((await router.plan(input({ headers, request: chatRequest({ turns: 5 }) }))).turn).toBe(5);
  });

  it('with sticky false, plans every request afresh as its own conversation, turn 1', async () => {
    const router = createRouter({ random: () => 0 });
    const settings = { sticky: false, rotate: 0 };
    const a = await router.plan(input({ settings, request: chatRequest({ turns: 3 }) }));
    await router.settle(a, { answered: 'm2' });
    const b = await router.plan(input({ settings, request: chatRequest({ turns: 3 }) }));
    expect(a).toMatchObject({ isNew: true, turn: 1, identity: 'none' });
    expect(b.conversation).not.toBe(a.conversation);
    expect(aliases(b)[0]).toBe('m1');
  });

  it('listed order: members as written, never rotated', async () => {
    const records = createMemoryRecordSource({ m4: { useful: 9 } });
    const router = createRouter({ records, random: () => 0 });
    const plan = await router.plan(input({ settings: { order: 'listed', rotate: 1, maxMembers: 4 } }));
    expect(aliases(plan)).toEqual(['m1', 'm2', 'm3', 'm4']);
    expect(plan.rotated).toBe(false);
  });

  it('rotation puts the least recently used member first for a new conversation', async () => {
    const records = createMemoryRecordSource({ m1: { useful: 9, lastUsedAt: 5 }, m2: { useful: 1, lastUsedAt: 1 } });
    const router = createRouter({ records, random: () => 0.2 });
    const plan = await router.plan(input({ settings: { rotate: 0.25 } }));
    expect(plan.rotated).toBe(true);
    expect(aliases(plan)[0]).toBe('m3');
  });

  it('lists skipped members with their reasons and plans the rest', async () => {
    const collection: Collection = {
      name: 'mixed',
      members: [
        member('old', { retired: { at: '2026-01-01', why: 'gone' } }),
        member('eye', { role: 'vision' }),
        member('m1'),
        member('m3', { tools: undefined }),
      ],
    };
    const plan = await createRouter().plan(input({ collection, request: chatRequest({ tools: true }) }));
    expect(aliases(plan)).toEqual(['m1']);
    expect(plan.skipped.map((s) => s.reason)).toEqual(['retired', 'vision-specialist', 'unknown-capability']);
  });

  it('throws a 413 when every member is excluded for size', async () => {
    const collection: Collection = { name: 'small', members: [member('s1', { contextWindow: 10 }), member('s2', { contextWindow: 20 })] };
    const error = await createRouter()
      .plan(input({ collection, request: chatRequest({ user: 'x'.repeat(400) }) }))
      .catch((e: unknown) => e);
    expect(RequestTooLargeError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ status: 413, collection: 'small' });
    expect((error as Error).message).toContain('s1: context window 10 tokens');
    expect(NoEligibleMemberError.isInstance(error)).toBe(false);
  });

  it('throws a 400 naming each member reason when no member can take it otherwise', async () => {
    const collection: Collection = { name: 'text', members: [member('t1', { tools: false }), member('t2', { tools: undefined })] };
    const error = await createRouter()
      .plan(input({ collection, request: chatRequest({ tools: true }) }))
      .catch((e: unknown) => e);
    expect(NoEligibleMemberError.isInstance(error)).toBe(true);
    expect((error as NoEligibleMemberError).status).toBe(400);
    expect((error as Error).message).toBe(
      'no member of collection "text" can take this request: t1: no tool calling, and the request has tools; ' +
        't2: unknown capability: set "tools": true on models.t2 if it supports tool calling',
    );
  });

  it('carries the cut output budget per member', async () => {
    const collection: Collection = { name: 'c', members: [member('big', { maxOutput: 64_000 }), member('small', { maxOutput: 4_000 })] };
    const plan = await createRouter().plan(input({ collection, request: chatRequest({ maxOutputTokens: 32_000 }) }));
    expect(plan.members.map((m) => [m.alias, m.outputCut])).toEqual([
      ['big', undefined],
      ['small', { requested: 32_000, allowed: 4_000, why: 'max-output' }],
    ]);
  });

  it('refuses bad input naming the field, and keeps serving', async () => {
    const router = createRouter();
    await expect(router.plan(input({ settings: { rotate: 2 } }))).rejects.toThrow('settings.rotate: must be a number from 0 to 1, got 2');
    await expect(router.plan(input({ settings: { order: 'best' as 'record' } }))).rejects.toThrow(InvalidRouteInputError);
    await expect(router.plan(input({ settings: { maxMembers: 0 } }))).rejects.toThrow('settings.maxMembers');
    const broken: Collection = { name: 'b', members: [member('m1', { contextWindow: -1 })] };
    await expect(router.plan(input({ collection: broken }))).rejects.toThrow('collection.members[0].contextWindow: must be a positive integer, got -1');
    await expect(router.plan(input({ collection: { name: 'e', members: [] } }))).rejects.toThrow('collection.members');
    await expect(router.plan(input({ request: chatRequest({ maxOutputTokens: 1.5 }) }))).rejects.toThrow('request.maxOutputTokens');
    const noContent = { ...chatRequest(), messages: [{ role: 'user', content: 'hi' }] } as unknown as PlanInput['request'];
    await expect(router.plan(input({ request: noContent }))).rejects.toThrow('request.messages[0].content: must be an array of content parts');
    await expect(router.plan(input({ keyName: undefined as unknown as string }))).rejects.toThrow('keyName: must be a string');
    expect(aliases(await router.plan(input()))).toEqual(['m1', 'm2', 'm3']);
  });
});

describe('stores that answer at once or later', () => {
  const later = <T>(value: T, ms = 20) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

  it('plans and settles the same with stores that answer through promises, in any mix with ones that answer at once', async () => {
    const memory = createMemoryConversationStore();
    const slow =
      <A extends unknown[], T>(answer: (...args: A) => T | Promise<T>) =>
      async (...args: A): Promise<T> => {
        await later(undefined);
        return answer(...args);
      };
    const slowConversations = { claim: slow(memory.claim), peek: slow(memory.peek), assign: slow(memory.assign), forget: slow(memory.forget) };
    const slowRecords = { getRecords: () => later(new Map([['m4', { useful: 9 }]])) };
    const router = createRouter({ conversations: slowConversations, records: slowRecords });
    const first = await router.plan(input());
    expect(aliases(first)[0]).toBe('m4');
    await router.settle(first, { answered: 'm2' });
    const second = await router.plan(input({ request: chatRequest({ turns: 2 }) }));
    expect(aliases(second)[0]).toBe('m2'); // the answering member kept the conversation through the slow store
    expect(second.isNew).toBe(false);
    expect((await router.peek(input({ request: chatRequest({ turns: 3 }) })))?.alias).toBe('m2');
  });

  it("rejects with a store's error while another store is still answering, leaving no unhandled rejection", async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const failingHealth = {
        ...createMemoryHealthStore(),
        read: () => Promise.reject(new Error('health store down')),
      };
      const router = createRouter({ health: failingHealth, records: { getRecords: () => later(new Map(), 50) } });
      await expect(router.plan(input())).rejects.toThrow('health store down');
      await later(undefined, 80);
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});
