import type { AssistantContentPart, NeutralRequest } from '@bench/formats';
import { describe, expect, it } from 'vitest';
import { chatRequest, member } from './__fixtures__/requests';
import { createRouter, type PlanInput } from './create-router';
import type { Collection } from './member';

const agents: Collection = { name: 'agents', members: [member('m1'), member('m2')] };
const thinking = { type: 'reasoning' as const, text: 'Read it first.', signature: 'sig-a', signatureFrom: 'anthropic' as const };
const call = { type: 'tool-call' as const, id: 'toolu_1', name: 'read', arguments: '{"path":"a.txt"}' };
const reply: AssistantContentPart[] = [thinking, { type: 'text', text: 'Reading.' }, call];

/** Turn 1 asked; the next request sends the reply back as an OpenAI Chat client does: text and calls, no reasoning. */
function toolStep(first: NeutralRequest): NeutralRequest {
  return {
    ...first,
    messages: [
      ...first.messages,
      { role: 'assistant', content: [{ type: 'text', text: 'Reading.' }, call] },
      { role: 'tool', content: [{ type: 'tool-result', callId: 'toolu_1', content: [{ type: 'text', text: 'hello' }] }] },
    ],
  };
}

const input = (request: NeutralRequest, overrides: Partial<PlanInput> = {}): PlanInput => ({
  collection: agents,
  keyName: 'alice',
  request,
  settings: { rotate: 0 },
  ...overrides,
});

describe('router.keepReasoning / restoreReasoning', () => {
  it('puts a kept reply’s reasoning back into the conversation’s next request', async () => {
    const router = createRouter();
    const first = chatRequest({ tools: true });
    await router.keepReasoning(await router.plan(input(first)), reply);
    const next = toolStep(first);
    const restored = await router.restoreReasoning(await router.plan(input(next)), next);
    expect(restored.messages[1]?.content).toEqual(reply);
    expect(next.messages[1]?.content).toEqual([{ type: 'text', text: 'Reading.' }, call]); // the caller's request is not changed
  });

  it('gives another key’s conversation nothing, and returns a request with nothing to restore as it is', async () => {
    const router = createRouter();
    const first = chatRequest({ tools: true });
    await router.keepReasoning(await router.plan(input(first)), reply);
    const next = toolStep(first);
    expect(await router.restoreReasoning(await router.plan(input(next, { keyName: 'bob' })), next)).toBe(next);
    expect(await router.restoreReasoning(await router.plan(input(first)), first)).toBe(first);
  });

  it('keeps and restores nothing when conversations are not sticky (every request its own)', async () => {
    const router = createRouter();
    const first = chatRequest({ tools: true });
    await router.keepReasoning(await router.plan(input(first, { settings: { sticky: false } })), reply);
    const next = toolStep(first);
    expect(await router.restoreReasoning(await router.plan(input(next)), next)).toBe(next);
  });

  it('forgets kept reasoning once the conversation has been idle past its expiry', async () => {
    let now = 0;
    const router = createRouter({ now: () => now });
    const first = chatRequest({ tools: true });
    await router.keepReasoning(await router.plan(input(first, { settings: { rotate: 0, stickyTtlMs: 1000 } })), reply);
    now = 5000;
    const next = toolStep(first);
    expect(await router.restoreReasoning(await router.plan(input(next, { settings: { rotate: 0, stickyTtlMs: 1000 } })), next)).toBe(next);
  });
});
