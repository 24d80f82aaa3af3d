import { faults } from '@bench/testkit';
import { beforeEach, describe, expect, it } from 'vitest';
import { postJSON } from './raw-requests';
import { useTestGateway } from './test-gateway';

// Claude Code decides when to compact from count_tokens, Gemini CLI from countTokens: a conversation under way is
// counted by the member it is on, not by the one a new conversation would get; and counting never binds one.
const { t, sdks } = useTestGateway({
  config: (base) => ({
    ...base,
    collections: {
      ...base.collections,
      pair: { members: ['m4', 'm5'], reply: 'route', order: 'listed' },
      ranked: { members: ['m4', 'm5'], reply: 'route', order: 'record', rotate: 0 },
    },
  }),
});

/** The two members count the same request differently: a count says whose it is. */
const COUNTS = { m4: 400, m5: 500 } as const;
function countsAsScripted() {
  t().upstream.script('up-4', { count: COUNTS.m4 });
  t().upstream.script('up-5', { count: COUNTS.m5 });
}
beforeEach(() => countsAsScripted());

const system = 'You are Claude Code, a careful coding agent.';

async function anthropicTurn(model: string, messages: Array<{ role: 'user' | 'assistant'; content: string }>, headers: Record<string, string> = {}) {
  const { data, response } = await sdks().anthropic.messages.create({ model, system, max_tokens: 256, messages }, { headers }).withResponse();
  return { text: data.content.map((block) => (block.type === 'text' ? block.text : '')).join(''), model: response.headers.get('x-bench-model') };
}

async function anthropicCount(model: string, messages: Array<{ role: 'user' | 'assistant'; content: string }>, headers: Record<string, string> = {}) {
  const { data, response } = await sdks().anthropic.messages.countTokens({ model, system, messages }, { headers }).withResponse();
  return { tokens: data.input_tokens, method: response.headers.get('x-bench-token-count'), model: response.headers.get('x-bench-model') };
}

describe('count_tokens (Anthropic SDK) for a conversation under way', () => {
  it('a conversation that failed over to m5 is counted by m5; a new one by m4, the first listed', async () => {
    t().upstream.script('up-4', faults.serverError(500));
    const opening = { role: 'user' as const, content: 'refactor the parser, please' };
    const first = await anthropicTurn('bench/pair', [opening]);
    expect(first.model).toBe('m5');
    countsAsScripted();
    const history = [opening, { role: 'assistant' as const, content: first.text }, { role: 'user' as const, content: 'now the tests' }];
    expect(await anthropicCount('bench/pair', history)).toEqual({ tokens: COUNTS.m5, method: 'upstream', model: 'm5' });
    expect(await anthropicCount('bench/pair', [{ role: 'user', content: 'a task of its own' }])).toEqual({
      tokens: COUNTS.m4,
      method: 'upstream',
      model: 'm4',
    });
  });

  it("Claude Code's session id names the conversation, as it does for its turns", async () => {
    const session = { 'x-claude-code-session-id': 'count-session-1' };
    t().upstream.script('up-4', faults.serverError(500));
    expect((await anthropicTurn('bench/pair', [{ role: 'user', content: 'first request of the session' }], session)).model).toBe('m5');
    countsAsScripted();
    const later = [{ role: 'user' as const, content: 'after a compaction, another opening' }];
    expect(await anthropicCount('bench/pair', later, session)).toMatchObject({ tokens: COUNTS.m5, model: 'm5' });
    expect(await anthropicCount('bench/pair', later, { 'x-claude-code-session-id': 'count-session-2' })).toMatchObject({
      tokens: COUNTS.m4,
      model: 'm4',
    });
  });

  it('a conversation bound by the ranking keeps its member when the ranking moves; counting a new one binds nothing', async () => {
    const bound = { role: 'user' as const, content: 'ranked conversation, bound to m4' };
    const first = await anthropicTurn('bench/ranked', [bound]);
    expect(first.model).toBe('m4'); // no record yet: the listed order
    const counted = { role: 'user' as const, content: 'ranked conversation, only counted so far' };
    expect(await anthropicCount('bench/ranked', [counted])).toMatchObject({ tokens: COUNTS.m4, model: 'm4' });

    // A useful verdict on m5 puts it first for new conversations.
    const m5 = await sdks().anthropic.messages.create({ model: 'm5', max_tokens: 64, messages: [{ role: 'user', content: 'judge me' }] });
    expect((await postJSON(`${t().url}/bench/verdict`, { call: (m5 as any).bench.call, useful: true })).status).toBe(200);

    const next = [bound, { role: 'assistant' as const, content: first.text }, { role: 'user' as const, content: 'go on' }];
    expect(await anthropicCount('bench/ranked', next)).toEqual({ tokens: COUNTS.m4, method: 'upstream', model: 'm4' });
    expect(await anthropicCount('bench/ranked', [{ role: 'user', content: 'ranked conversation, brand new' }])).toMatchObject({
      tokens: COUNTS.m5,
      model: 'm5',
    });
    // Had the count bound its conversation to m4, this first turn would go there.
    expect((await anthropicTurn('bench/ranked', [counted])).model).toBe('m5');
  });
});

describe('countTokens (@google/genai) for a conversation under way', () => {
  it('a conversation that failed over to m5 is counted by m5; a new one by m4', async () => {
    t().upstream.script('up-4', faults.serverError(500));
    const opening = { role: 'user', parts: [{ text: 'explain this stack trace' }] };
    const first = await sdks().gemini.models.generateContent({ model: 'pair', contents: [opening] });
    expect(new Headers(first.sdkHttpResponse?.headers).get('x-bench-model')).toBe('m5');
    countsAsScripted();
    const contents = [opening, { role: 'model', parts: [{ text: first.text ?? '' }] }, { role: 'user', parts: [{ text: 'and the fix?' }] }];
    const counted = await sdks().gemini.models.countTokens({ model: 'pair', contents });
    expect(counted.totalTokens).toBe(COUNTS.m5);
    const headers = new Headers(counted.sdkHttpResponse?.headers);
    expect([headers.get('x-bench-token-count'), headers.get('x-bench-model')]).toEqual(['upstream', 'm5']);

    const fresh = await sdks().gemini.models.countTokens({ model: 'pair', contents: 'a question of its own' });
    expect(fresh.totalTokens).toBe(COUNTS.m4);
    expect(new Headers(fresh.sdkHttpResponse?.headers).get('x-bench-model')).toBe('m4');
  });

  it('the generateContentRequest form carries the system instruction, and names the conversation as its turns do', async () => {
    t().upstream.script('up-4', faults.serverError(500));
    const systemInstruction = { parts: [{ text: 'You are a terse CLI agent.' }] };
    const opening = { role: 'user', parts: [{ text: 'list the files' }] };
    const first = await sdks().gemini.models.generateContent({ model: 'pair', contents: [opening], config: { systemInstruction } });
    expect(new Headers(first.sdkHttpResponse?.headers).get('x-bench-model')).toBe('m5');
    countsAsScripted();
    const contents = [opening, { role: 'model', parts: [{ text: first.text ?? '' }] }, { role: 'user', parts: [{ text: 'the big ones' }] }];
    const counted = await postJSON(`${t().url}/v1beta/models/pair:countTokens`, {
      generateContentRequest: { model: 'models/pair', contents, systemInstruction },
    });
    expect([counted.json.totalTokens, counted.headers.get('x-bench-model')]).toEqual([COUNTS.m5, 'm5']);
  });
});
