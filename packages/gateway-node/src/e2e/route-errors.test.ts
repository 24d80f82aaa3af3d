import { faults } from '@bench/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMessageOf, minimalRequest, postJSON } from './raw-requests';
import { SDK_PROTOCOLS, sdksFor, type Sdks } from './sdk-clients';
import { startTestGateway, type TestGateway } from './test-gateway';

let t: TestGateway;
let sdks: Sdks;

// `grow`: m7 and m8 (8k windows) before m1 (100k), listed.
beforeAll(async () => {
  t = await startTestGateway({
    config: (base) => ({
      ...base,
      models: {
        ...base.models,
        m7: { provider: 'chat', model: 'up-7', contextWindow: 8192, maxOutput: 1000, tools: true, vision: false },
        m8: { provider: 'chat', model: 'up-8', contextWindow: 8192, maxOutput: 1000, tools: true, vision: false },
      },
      collections: { ...base.collections, grow: { members: ['m7', 'm8', 'm1'], reply: 'route', order: 'listed', sticky: false } },
    }),
  });
  sdks = sdksFor(t.url);
});
afterAll(() => t.close());

describe('upstream errors are classified, not just counted', () => {
  it('a context-length error fails over to a member with a larger window, passing over one whose window is not larger', async () => {
    t.upstream.script('up-7', faults.contextLengthExceeded());
    t.upstream.script('up-1', { answer: { text: 'the big window answers' } });
    const reply = (await sdks.openai.chat.completions.create({ model: 'bench/grow', messages: [{ role: 'user', content: 'long story' }] })) as any;
    expect(reply.choices[0].message.content).toBe('the big window answers');
    expect(reply.bench).toMatchObject({ alias: 'm1', failed_over: [{ alias: 'm7' }] });
    expect(t.upstream.requestsFor('up-8')).toHaveLength(0);
  });

  it.each(SDK_PROTOCOLS)("%s: a content-policy refusal is the answer: a 400 carrying the upstream's reason, no other member asked", async (protocol) => {
    t.upstream.clearRequests();
    t.upstream.script('up-1', faults.contentPolicy());
    for (const stream of [false, true]) {
      const { path, body } = minimalRequest(protocol, 'bench/agents', 'something bad', stream);
      const result = await postJSON(t.url + path, body);
      expect(result.status).toBe(400);
      expect(errorMessageOf(protocol, result.json)).toMatch(/safety system/);
    }
    expect(t.upstream.requestsFor('up-2')).toHaveLength(0);
    expect(t.upstream.requestsFor('up-1')).toHaveLength(2);
  });

  it("an upstream 400 the request caused (a bad schema) is the caller's 400, not a failover", async () => {
    t.upstream.clearRequests();
    t.upstream.script('up-1', faults.badRequest('Invalid schema for function get_weather', 'tools[0].parameters'));
    await expect(
      sdks.anthropic.messages.create({ model: 'claude-opus-4-8', max_tokens: 10, messages: [{ role: 'user', content: 'x' }] }),
    ).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining('Invalid schema for function get_weather'),
    });
    expect(t.upstream.requestsFor('up-2')).toHaveLength(0);
    expect(t.upstream.requestsFor('up-1')).toHaveLength(1);
  });

  it("refusals that are not the member's fault (content policy, bad request, context length) never cool it down", async () => {
    const fresh = await startTestGateway({
      config: (base) => ({
        ...base,
        collections: { ...base.collections, agents: { ...base.collections.agents, sticky: false, cooldown: { afterFailures: 1, forMs: 60_000 } } },
      }),
    });
    try {
      const freshSdks = sdksFor(fresh.url);
      for (const behaviour of [faults.contentPolicy(), faults.badRequest(), faults.contextLengthExceeded()]) {
        fresh.upstream.script('up-1', behaviour);
        await freshSdks.openai.chat.completions.create({ model: 'bench/agents', messages: [{ role: 'user', content: 'refused' }] }).catch(() => undefined);
      }
      fresh.upstream.script('up-1', { answer: { text: 'm1 still first' } });
      const reply = (await freshSdks.openai.chat.completions.create({ model: 'bench/agents', messages: [{ role: 'user', content: 'a new question' }] })) as any;
      expect(reply.bench.alias).toBe('m1');
      // A server error, by contrast, does cool it down (afterFailures 1): the next turn starts elsewhere.
      fresh.upstream.script('up-1', faults.serverError(500));
      await freshSdks.openai.chat.completions.create({ model: 'bench/agents', messages: [{ role: 'user', content: 'fails over' }] });
      fresh.upstream.script('up-1', { answer: { text: 'cooling' } });
      const after = (await freshSdks.openai.chat.completions.create({
        model: 'bench/agents',
        messages: [{ role: 'user', content: 'another question' }],
      })) as any;
      expect(after.bench.alias).toBe('m2');
    } finally {
      await fresh.close();
    }
  });

  it("an output budget over the member's maximum is cut to it, not refused", async () => {
    t.upstream.script('up-1', { answer: { text: 'short' } });
    const reply = await sdks.anthropic.messages.create({ model: 'claude-opus-4-8', max_tokens: 16000, messages: [{ role: 'user', content: 'x' }] });
    expect(reply.content).toEqual([expect.objectContaining({ text: 'short' })]);
    expect(t.upstream.requestsFor('up-1').at(-1)!.neutral!.maxOutputTokens).toBe(4000);
  });
});

describe('names and routes beyond collections', () => {
  it('a model alias is callable on its own in any protocol, as a route to that one model', async () => {
    t.upstream.script('up-2', { answer: { text: 'just m2' } });
    const chat = (await sdks.openai.chat.completions.create({ model: 'm2', messages: [{ role: 'user', content: 'x' }] })) as any;
    expect(chat.model).toBe('m2');
    expect(chat.bench).toMatchObject({ reply: 'route', alias: 'm2' });
    expect(chat.bench.collection).toBeUndefined();
    const gemini = await sdks.gemini.models.generateContent({ model: 'm2', contents: 'x' });
    expect(gemini.text).toBe('just m2');
    await expect(
      sdks.openai.chat.completions.create({ model: 'm2', messages: [{ role: 'user', content: 'x' }], bench: { reply: 'all' } } as never),
    ).rejects.toMatchObject({ status: 400 });
  });

  it("a name alias maps an agent's own model name (gpt-5.4-nano → m1)", async () => {
    t.upstream.script('up-1', { answer: { text: 'nano via m1' } });
    const reply = await sdks.openai.responses.create({ model: 'gpt-5.4-nano', input: 'x' });
    expect(reply.output_text).toBe('nano via m1');
    expect(reply.model).toBe('m1');
  });

  it("bench.reply in the body overrides the suffix and the collection's own mode", async () => {
    for (const model of ['up-1', 'up-2', 'up-3']) t.upstream.script(model, { answer: { text: 'routed' } });
    const reply = (await sdks.openai.chat.completions.create({
      model: 'bench/core:merged',
      messages: [{ role: 'user', content: 'x' }],
      bench: { reply: 'route' },
    } as never)) as any;
    expect(reply.bench).toMatchObject({ reply: 'route', alias: expect.stringMatching(/^m[123]$/), collection: 'core' });
    expect(reply.bench.seats).toBeUndefined();
    expect(reply.choices[0].message.content).toBe('routed');
  });

  it('bench.with seats an extra model in a panel', async () => {
    for (const model of ['up-1', 'up-2', 'up-3', 'up-4']) t.upstream.script(model, { answer: { text: `${model} here` } });
    const reply = (await sdks.openai.chat.completions.create({
      model: 'bench/core',
      messages: [{ role: 'user', content: 'x' }],
      bench: { with: ['m4'] },
    } as never)) as any;
    expect(reply.bench.seats.map((seat: { alias: string }) => seat.alias)).toContain('m4');
    expect(reply.choices[0].message.content).toContain('up-4 here');
  });

  it('Ollama /api/generate, streamed and not', async () => {
    t.upstream.script('up-1', { answer: { text: ['gen', 'erated'] } });
    const plain = await sdks.ollama.generate({ model: 'bench/agents', prompt: 'say it', stream: false });
    expect(plain.response).toBe('generated');
    expect((plain as any).bench).toMatchObject({ reply: 'route', alias: 'm1' });
    let text = '';
    let last: any;
    for await (const part of await sdks.ollama.generate({ model: 'bench/agents', prompt: 'say it', stream: true })) {
      text += part.response;
      last = part;
    }
    expect(text).toBe('generated');
    expect(last).toMatchObject({ done: true, bench: { reply: 'route' } });
  });

  it('count_tokens (Anthropic) and countTokens (Gemini) estimate through the SDKs', async () => {
    const anthropic = await sdks.anthropic.messages.countTokens({
      model: 'claude-opus-4-8',
      messages: [{ role: 'user', content: 'count these words please' }],
    });
    expect(anthropic.input_tokens).toBeGreaterThan(0);
    const gemini = await sdks.gemini.models.countTokens({ model: 'core', contents: 'count these words please' });
    expect(gemini.totalTokens).toBeGreaterThan(0);
    await expect(sdks.anthropic.messages.countTokens({ model: 'bench/nope', messages: [{ role: 'user', content: 'x' }] })).rejects.toMatchObject({
      status: 404,
    });
  });
});
