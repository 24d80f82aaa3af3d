import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { minimalRequest, postJSON } from './raw-requests';
import { ask, sdksFor, type Sdks } from './sdk-clients';
import { startTestGateway, type TestGateway } from './test-gateway';

let t: TestGateway;
let sdks: Sdks;

beforeAll(async () => {
  t = await startTestGateway({
    config: (base) => ({
      ...base,
      providers: { ...base.providers, tagged: { ...base.providers.chat, headers: { 'x-provider-tag': 'bench-e2e' } } },
      models: {
        ...base.models,
        paced: { provider: 'chat', model: 'up-paced', tools: true, vision: true, rpm: 1 },
        tuned: { provider: 'tagged', model: 'up-tuned', tools: true, vision: true, options: { temperature: 0.2, top_p: 0.9 } },
      },
      collections: {
        ...base.collections,
        pacedFirst: { members: ['paced', 'm2'], reply: 'route', order: 'listed', sticky: false },
        fresh: { members: ['m1', 'm2'], reply: 'route', order: 'listed', sticky: false },
        brief: { members: ['m1', 'm2'], reply: 'route', order: 'listed', stickyTtlMs: 300 },
        capped: { members: ['m1'], reply: 'route', timeouts: { firstTokenMs: 1000, idleMs: 1000, totalMs: 400, graceMs: 1000 } },
      },
    }),
  });
  sdks = sdksFor(t.url);
});
afterAll(() => t.close());

describe('configuration that shows on the wire', () => {
  it("a model's options go up under the caller's own fields, with the provider's headers", async () => {
    await sdks.openai.chat.completions.create({ model: 'tuned', messages: [{ role: 'user', content: 'x' }], temperature: 0.7 });
    const sent = t.upstream.requestsFor('up-tuned').at(-1)!;
    expect(sent.body).toMatchObject({ temperature: 0.7, top_p: 0.9 });
    expect(sent.headers['x-provider-tag']).toBe('bench-e2e');
  });

  it('rpm pacing: a member over its rate is passed over for the next, and the caller sees an answer', async () => {
    const first = await ask(sdks, 'openai-chat', 'bench/pacedFirst', 'one', false);
    expect(first.bench).toMatchObject({ alias: 'paced' });
    const second = await ask(sdks, 'openai-chat', 'bench/pacedFirst', 'two', false);
    expect(second.bench).toMatchObject({ alias: 'm2' });
    expect(t.upstream.requestsFor('up-paced')).toHaveLength(1);
  });

  it('sticky: false makes every request its own conversation, turn 1', async () => {
    const history = [{ role: 'user' as const, content: 'same start' }];
    const a = (await sdks.openai.chat.completions.create({ model: 'bench/fresh', messages: history })) as any;
    const b = (await sdks.openai.chat.completions.create({
      model: 'bench/fresh',
      messages: [...history, { role: 'assistant', content: 'x' }, { role: 'user', content: 'more' }],
    })) as any;
    expect(a.bench.turn).toBe(1);
    expect(b.bench.turn).toBe(1);
    expect(b.bench.conversation).not.toBe(a.bench.conversation);
  });

  it('an idle conversation expires after stickyTtlMs: the next message starts over at turn 1', async () => {
    const history = [{ role: 'user' as const, content: 'expire me' }];
    const a = (await sdks.openai.chat.completions.create({ model: 'bench/brief', messages: history })) as any;
    const b = (await sdks.openai.chat.completions.create({ model: 'bench/brief', messages: history })) as any;
    expect(b.bench.turn).toBe(a.bench.turn + 1);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const c = (await sdks.openai.chat.completions.create({ model: 'bench/brief', messages: history })) as any;
    expect(c.bench.turn).toBe(1);
  });

  it('a stream longer than totalMs is ended with an error, never as a finished answer', async () => {
    t.upstream.script('up-1', { answer: { text: ['a ', 'b ', 'c ', 'd ', 'e ', 'f ', 'g ', 'h'] }, pieceDelayMs: 100 });
    const { path, body } = minimalRequest('openai-chat', 'bench/capped', 'too long', true);
    const raw = await postJSON(t.url + path, body);
    expect(raw.status).toBe(200);
    expect(raw.text).toContain('"a "');
    expect(raw.text).not.toContain('"h"');
    expect(raw.text).toMatch(/"error"/);
    expect(raw.text).not.toMatch(/"finish_reason":\s*"stop"/);
  });
});
