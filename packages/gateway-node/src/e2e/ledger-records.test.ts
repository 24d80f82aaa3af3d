import { faults } from '@bench/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callsOf as callsOfGateway } from './ledger-calls';
import { minimalRequest, postJSON } from './raw-requests';
import { sdksFor, type Sdks } from './sdk-clients';
import { startTestGateway, type TestGateway } from './test-gateway';

let t: TestGateway;
let sdks: Sdks;

beforeAll(async () => {
  t = await startTestGateway({
    config: (base) => ({
      ...base,
      models: {
        ...base.models,
        m4: { ...base.models.m4, price: { input: 5, output: 25, cacheRead: 0.5, cacheWrite: 6.25, cacheWrite1h: 10 } },
        // Gemini Pro's published shape: dearer past 200K input tokens, cache reads moving with input.
        m5: { ...base.models.m5, price: { input: 1.25, output: 10, cacheRead: 0.125, longContext: { above: 200_000, input: 2.5, output: 15 } } },
      },
      collections: { ...base.collections, core: { ...base.collections.core, merger: 'm4' }, claudes: { members: ['m4'], reply: 'all' } },
    }),
  });
  sdks = sdksFor(t.url);
});
afterAll(() => t.close());

const ledger = () => t.gateway.ledger;

const callsOf = (conversation: string) => callsOfGateway(t.gateway, conversation);

describe('what the ledger holds after each kind of turn', () => {
  it('a route turn that failed over: one turn row naming who was tried, a call for each attempt', async () => {
    t.upstream.script('up-1', faults.rateLimited());
    t.upstream.script('up-2', {
      answer: { text: 'two answers', toolCalls: [{ name: 'get_weather', arguments: '{"city":"Oslo"}' }], usage: { inputTokens: 40, outputTokens: 7 } },
    });
    const reply = (await sdks.openai.chat.completions.create({
      model: 'bench/agents',
      messages: [{ role: 'user', content: 'ledger me' }],
      tools: [{ type: 'function', function: { name: 'get_weather', parameters: { type: 'object' } } }],
    })) as any;
    const { conversation, call } = reply.bench;
    await ledger().flush();
    const [turn] = await ledger().getTurns(conversation);
    expect(turn).toMatchObject({
      turn: 1,
      collection: 'agents',
      call,
      alias: 'm2',
      status: 'ok',
      inputTokens: 40,
      outputTokens: 7,
      toolCalls: 1,
      finishReason: 'tool-calls',
    });
    expect(turn!.tried).toEqual([{ alias: 'm1', error: expect.stringMatching(/rate/i) }, { alias: 'm2' }]);
    expect(await ledger().getCall(call)).toMatchObject({ alias: 'm2', purpose: 'route', status: 'ok', keyName: 'local', toolCalls: 1 });
    expect(await ledger().getCall(`${call}-1`)).toMatchObject({ alias: 'm1', purpose: 'route', status: 'rate-limited' });
  });

  it('a route turn where every member failed: a turn row with the failure, a call per attempt, no answering call', async () => {
    for (const model of ['up-1', 'up-2', 'up-3']) t.upstream.script(model, faults.rateLimited({ retryAfterSeconds: 60 }));
    const { path, body } = minimalRequest('openai-chat', 'bench/agents', 'nobody home', false);
    const result = await postJSON(t.url + path, body);
    expect(result.status).toBe(429);
    const conversation = result.headers.get('x-bench-conversation')!;
    expect(conversation).toEqual(expect.any(String));
    await ledger().flush();
    const [turn] = await ledger().getTurns(conversation);
    expect(turn).toMatchObject({ turn: 1, status: expect.not.stringMatching(/^ok$/), call: null });
    expect(turn!.tried.map((tried) => tried.alias).sort()).toEqual(['m1', 'm2', 'm3']);
    const calls = await callsOf(conversation);
    expect(calls).toHaveLength(3);
    for (const call of calls) expect(call).toMatchObject({ id: expect.stringMatching(/^r[0-9a-z]{24}-[123]$/), purpose: 'route', status: 'rate-limited' });
  });

  it('an agent that sends the same turn again: both calls are recorded, under their own ids, in one conversation', async () => {
    t.upstream.script('up-1', { answer: { text: 'again' } });
    const messages = [
      { role: 'user' as const, content: 'first question' },
      { role: 'assistant' as const, content: 'first answer' },
      { role: 'user' as const, content: 'a turn sent twice' },
    ];
    const first = (await sdks.openai.chat.completions.create({ model: 'bench/agents', messages })) as any;
    const second = (await sdks.openai.chat.completions.create({ model: 'bench/agents', messages })) as any;
    expect(second.bench).toMatchObject({ conversation: first.bench.conversation, turn: first.bench.turn });
    expect(second.bench.call).not.toBe(first.bench.call);
    await ledger().flush();
    for (const reply of [first, second]) {
      expect(await ledger().getCall(reply.bench.call)).toMatchObject({ purpose: 'route', status: 'ok', unit: first.bench.conversation });
    }
  });

  it("prompt-cache reads and writes are recorded and priced at the model's cacheRead, cacheWrite and cacheWrite1h, route and panel", async () => {
    // What a Claude Code turn costs: most of its input read from Anthropic's cache, some written to it (a third for an hour).
    const usage = { inputTokens: 100_000, outputTokens: 1_000, cachedInputTokens: 95_000, cacheWriteTokens: 3_000, cacheWrite1hTokens: 1_000 };
    const cost = (2_000 * 5 + 95_000 * 0.5 + 2_000 * 6.25 + 1_000 * 10 + 1_000 * 25) / 1e6;
    t.upstream.script('up-4', { answer: { text: 'cached', usage } });
    const stream = await sdks.anthropic.messages.create({ model: 'm4', max_tokens: 100, stream: true, messages: [{ role: 'user', content: 'cache me' }] });
    let call = '';
    for await (const event of stream) if (event.type === 'message_stop') call = (event as any).bench.call;
    t.upstream.script('up-4', { answer: { text: 'cached', usage } });
    const panel = (await sdks.openai.chat.completions.create({ model: 'bench/claudes', messages: [{ role: 'user', content: 'cache me' }] })) as any;
    await ledger().flush();
    for (const id of [call, `${panel.bench.panel}.1`]) {
      expect(await ledger().getCall(id)).toMatchObject({
        alias: 'm4',
        inputTokens: 100_000,
        cachedTokens: 95_000,
        cacheWriteTokens: 3_000,
        cacheWrite1hTokens: 1_000,
        cost: expect.closeTo(cost, 12),
      });
    }
  });

  it("a call over the price's long-context threshold is billed, all of it, at the tier's rates", async () => {
    const ask = async (inputTokens: number) => {
      t.upstream.script('up-5', { answer: { text: 'long', usage: { inputTokens, outputTokens: 1_000, cachedInputTokens: 50_000 } } });
      const { data } = await sdks.openai.chat.completions.create({ model: 'm5', messages: [{ role: 'user', content: 'a long one' }] }).withResponse();
      return (data as any).bench.call as string;
    };
    const [short, long] = [await ask(200_000), await ask(250_000)];
    await ledger().flush();
    expect(await ledger().getCall(short)).toMatchObject({ alias: 'm5', cost: expect.closeTo((150_000 * 1.25 + 50_000 * 0.125 + 1_000 * 10) / 1e6, 12) });
    expect(await ledger().getCall(long)).toMatchObject({ alias: 'm5', cost: expect.closeTo((200_000 * 2.5 + 50_000 * 0.25 + 1_000 * 15) / 1e6, 12) });
  });

  it('a merged panel: a call per seat and one for the merger, under the panel id', async () => {
    for (const model of ['up-1', 'up-2', 'up-3']) t.upstream.script(model, { answer: { text: `${model} seat` } });
    t.upstream.script('up-4', { answer: { text: 'merged' } });
    const reply = (await sdks.openai.chat.completions.create({ model: 'bench/core:merged', messages: [{ role: 'user', content: 'panel ledger' }] })) as any;
    const panel = reply.bench.panel;
    await ledger().flush();
    for (const [seat, alias] of [
      [1, 'm1'],
      [2, 'm2'],
      [3, 'm3'],
    ] as const) {
      expect(await ledger().getCall(`${panel}.${seat}`)).toMatchObject({ alias, purpose: 'seat', collection: 'core', status: 'ok' });
    }
    expect(await ledger().getCall(reply.bench.merger.call)).toMatchObject({ alias: 'm4', purpose: 'merger', status: 'ok' });
  });

  it('a conversation counts once per model for the record, however many of its turns are judged useful', async () => {
    t.upstream.script('up-1', { answer: { text: 'turn answer' } });
    const history: Array<{ role: 'user' | 'assistant'; content: string }> = [{ role: 'user', content: 'count me once' }];
    const calls: string[] = [];
    for (const next of ['second', 'third']) {
      const reply = (await sdks.openai.chat.completions.create({ model: 'bench/agents', messages: history })) as any;
      calls.push(reply.bench.call);
      history.push({ role: 'assistant', content: 'turn answer' }, { role: 'user', content: next });
    }
    await ledger().flush();
    const before = (await ledger().stats()).find((row) => row.alias === 'm1')!.useful;
    for (const call of calls) expect((await postJSON(`${t.url}/bench/verdict`, { call, useful: true })).status).toBe(200);
    await ledger().flush();
    expect((await ledger().stats()).find((row) => row.alias === 'm1')!.useful).toBe(before + 1);
  });
});
