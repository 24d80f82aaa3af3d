import { faults } from '@bench/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sdksFor, type Sdks } from './sdk-clients';
import { startTestGateway, type TestGateway } from './test-gateway';

let t: TestGateway;
let sdks: Sdks;

// `spread` ranks by record with rotate 1: every new conversation goes to the member used longest ago,
// so only stickiness keeps a conversation on its member. `chain` is a listed fallback chain.
beforeAll(async () => {
  t = await startTestGateway({
    config: (base) => ({
      ...base,
      collections: {
        ...base.collections,
        spread: { members: ['m1', 'm2'], reply: 'route', rotate: 1 },
        chain: { members: ['m1', 'm2', 'm3'], reply: 'route', order: 'listed', timeouts: { firstTokenMs: 300, idleMs: 1000, totalMs: 5000, graceMs: 3000 } },
      },
    }),
  });
  sdks = sdksFor(t.url);
});
afterAll(() => t.close());

type Turn = { role: 'user' | 'assistant'; content: string };

/** A conversation through the OpenAI SDK: each turn resends the history; returns each turn's bench. */
async function converse(model: string, questions: string[], headers: Record<string, string> = {}): Promise<Array<Record<string, any>>> {
  const history: Turn[] = [{ role: 'user', content: questions[0]! }];
  const benches = [];
  for (let i = 0; i < questions.length; i += 1) {
    if (i > 0) history.push({ role: 'user', content: questions[i]! });
    const reply = await sdks.openai.chat.completions.create({ model, messages: [{ role: 'system', content: 'be brief' } as never, ...history] }, { headers });
    history.push({ role: 'assistant', content: reply.choices[0]!.message.content ?? '' });
    benches.push((reply as any).bench as Record<string, any>);
  }
  return benches;
}

describe('stickiness across turns', () => {
  it('the same conversation keeps its member while new conversations rotate', async () => {
    const first = await converse('bench/spread', ['story A', 'go on', 'and then?']);
    const other = await converse('bench/spread', ['story B', 'go on', 'and then?']);
    expect(first.map((bench) => bench.turn)).toEqual([1, 2, 3]);
    expect(new Set(first.map((bench) => bench.alias)).size).toBe(1);
    expect(new Set(first.map((bench) => bench.conversation)).size).toBe(1);
    expect(new Set(other.map((bench) => bench.alias)).size).toBe(1);
    expect(other[0]!.conversation).not.toBe(first[0]!.conversation);
    expect(other[0]!.alias).not.toBe(first[0]!.alias);
  });

  it("Claude Code's x-claude-code-session-id names the conversation, whatever the first message", async () => {
    const session = { 'x-claude-code-session-id': '3f0c2a8e-5b7d-4e21-9a34-1c2d3e4f5a6b' };
    const ask = (text: string) =>
      sdks.anthropic.messages.create({ model: 'claude-opus-4-8', max_tokens: 64, messages: [{ role: 'user', content: text }] }, { headers: session });
    const one = (await ask('first question')) as any;
    const two = (await ask('an unrelated question')) as any;
    expect(two.bench.conversation).toBe(one.bench.conversation);
    expect(two.bench.turn).toBe(one.bench.turn + 1);
    const elsewhere = (await sdks.anthropic.messages.create({
      model: 'claude-opus-4-8',
      max_tokens: 64,
      messages: [{ role: 'user', content: 'first question' }],
    })) as any;
    expect(elsewhere.bench.conversation).not.toBe(one.bench.conversation);
  });

  it.each([
    ['with its session header', { 'x-claude-code-session-id': '5a0e9c1b-2d3f-4a5b-8c6d-7e8f9a0b1c2d' }],
    ['by fingerprint alone', {}],
  ])("Claude Code's billing block, new on every request, does not make each turn a new conversation (%s)", async (_how, headers) => {
    const system = (cch: string) => [
      { type: 'text' as const, text: `x-anthropic-billing-header: cc_version=2.1.197.a3f; cc_entrypoint=cli; cch=${cch};` },
      { type: 'text' as const, text: "You are Claude Code, Anthropic's official CLI for Claude.", cache_control: { type: 'ephemeral' as const } },
    ];
    const first = { role: 'user' as const, content: `fix the flaky test (${JSON.stringify(headers).length})` };
    const one = (await sdks.anthropic.messages.create(
      { model: 'bench/spread', max_tokens: 64, system: system('36ee5'), messages: [first] },
      { headers },
    )) as any;
    const two = (await sdks.anthropic.messages.create(
      {
        model: 'bench/spread',
        max_tokens: 64,
        system: system('0aaa9'),
        messages: [first, { role: 'assistant', content: one.content }, { role: 'user', content: 'and the next one' }],
      },
      { headers },
    )) as any;
    // `spread` sends every new conversation to the member used longest ago: only stickiness keeps turn 2 where turn 1 went.
    expect(two.bench).toMatchObject({ conversation: one.bench.conversation, alias: one.bench.alias, turn: 2 });
  });

  it('a side task with its own system prompt is its own conversation, even within one session', async () => {
    const session = { 'x-claude-code-session-id': '9e1d7c55-0000-4000-8000-00000000abcd' };
    const ask = (system: string, text: string) =>
      sdks.anthropic.messages.create(
        { model: 'claude-opus-4-8', max_tokens: 64, system, messages: [{ role: 'user', content: text }] },
        { headers: session },
      ) as Promise<any>;
    const main = await ask('You are Claude Code.', 'fix the bug');
    const title = await ask('Write a 5-word title for this conversation.', 'fix the bug');
    const mainAgain = await ask('You are Claude Code.', 'and the tests');
    expect(title.bench.conversation).not.toBe(main.bench.conversation);
    expect(title.bench.turn).toBe(1);
    expect(mainAgain.bench).toMatchObject({ conversation: main.bench.conversation, turn: 2 });
  });

  it("opencode's x-session-affinity names the conversation", async () => {
    const [a] = await converse('bench/spread', ['alpha'], { 'x-session-affinity': 'ses_opencode_1' });
    const [b] = await converse('bench/spread', ['beta'], { 'x-session-affinity': 'ses_opencode_1' });
    expect(b!.conversation).toBe(a!.conversation);
    expect(b!.alias).toBe(a!.alias);
    expect(b!.turn).toBe(2);
  });

  it('Responses prompt_cache_key names the conversation', async () => {
    const a = (await sdks.openai.responses.create({ model: 'bench/spread', input: 'one', prompt_cache_key: 'codex-session-9' })) as any;
    const b = (await sdks.openai.responses.create({ model: 'bench/spread', input: 'two', prompt_cache_key: 'codex-session-9' })) as any;
    expect(b.bench.conversation).toBe(a.bench.conversation);
    expect(b.bench.alias).toBe(a.bench.alias);
    expect(b.bench.turn).toBe(2);
  });

  it.each([
    ['OpenAI Chat', 'system'],
    ['Responses, by fingerprint (no prompt_cache_key)', 'developer'],
  ] as const)('a system message added after the first reply keeps the conversation on its member (%s)', async (how, role) => {
    const opening = `Switching modes mid-task (${how}).`;
    if (role === 'system') {
      const ask = (messages: any[]) => sdks.openai.chat.completions.create({ model: 'bench/spread', messages }) as Promise<any>;
      const one = await ask([
        { role: 'system', content: 'be brief' },
        { role: 'user', content: opening },
      ]);
      const two = await ask([
        { role: 'system', content: 'be brief' },
        { role: 'user', content: opening },
        { role: 'assistant', content: one.choices[0].message.content },
        { role: 'system', content: 'The user switched to plan mode: do not edit files.' },
        { role: 'user', content: 'now plan it' },
      ]);
      expect(two.bench).toMatchObject({ conversation: one.bench.conversation, alias: one.bench.alias, turn: 2 });
      return;
    }
    const developer = (text: string) => ({ type: 'message' as const, role: 'developer' as const, content: [{ type: 'input_text' as const, text }] });
    const user = (text: string) => ({ type: 'message' as const, role: 'user' as const, content: [{ type: 'input_text' as const, text }] });
    const one = (await sdks.openai.responses.create({
      model: 'bench/spread',
      instructions: 'be brief',
      input: [developer('sandbox: workspace-write'), user(opening)],
    })) as any;
    const two = (await sdks.openai.responses.create({
      model: 'bench/spread',
      instructions: 'be brief',
      input: [
        developer('sandbox: workspace-write'),
        user(opening),
        { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: one.output_text, annotations: [] }] } as any,
        developer('sandbox: read-only (changed by the user)'),
        user('now plan it'),
      ],
    })) as any;
    expect(two.bench).toMatchObject({ conversation: one.bench.conversation, alias: one.bench.alias, turn: 2 });
  });

  it('a failover moves the conversation to the member that answered', async () => {
    const history: Array<{ role: 'user' | 'assistant'; content: string }> = [{ role: 'user', content: 'move me' }];
    const send = async () => {
      const reply = await sdks.openai.chat.completions.create({ model: 'bench/chain', messages: history });
      history.push({ role: 'assistant', content: reply.choices[0]!.message.content ?? '' });
      return (reply as any).bench as Record<string, any>;
    };
    const first = await send();
    expect(first).toMatchObject({ alias: 'm1', turn: 1 });

    t.upstream.script('up-1', faults.serverError(500));
    history.push({ role: 'user', content: 'second turn' });
    const second = await send();
    expect(second).toMatchObject({ alias: 'm2', turn: 2, conversation: first.conversation, failed_over: [{ alias: 'm1' }] });

    t.upstream.script('up-1', { answer: { text: 'm1 is back' } });
    const before = t.upstream.requestsFor('up-1').length;
    history.push({ role: 'user', content: 'third turn' });
    const third = await send();
    expect(third).toMatchObject({ alias: 'm2', turn: 3, conversation: first.conversation });
    expect(third.failed_over).toBeUndefined();
    expect(t.upstream.requestsFor('up-1').length).toBe(before);
  });
});
