import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMessageOf, postJSON } from './raw-requests';
import { sdksFor, type Sdks } from './sdk-clients';
import { startTestGateway, type TestGateway } from './test-gateway';

let t: TestGateway;
let sdks: Sdks;

const PIXEL = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const tools = [{ type: 'function' as const, function: { name: 'f', parameters: { type: 'object' } } }];
const image = {
  role: 'user' as const,
  content: [
    { type: 'image_url' as const, image_url: { url: `data:image/png;base64,${PIXEL}` } },
    { type: 'text' as const, text: 'what?' },
  ],
};

beforeAll(async () => {
  t = await startTestGateway({
    config: (base) => ({
      ...base,
      models: {
        ...base.models,
        old: { provider: 'chat', model: 'up-old', tools: true, vision: true, retired: { at: '2026-01-01', why: 'replaced by m1' } },
        special: { provider: 'chat', model: 'up-special', tools: true, vision: true, adHoc: true },
        eyes: { provider: 'chat', model: 'up-eyes', tools: true, vision: true, role: 'vision' },
        plain: { provider: 'chat', model: 'up-plain', tools: false, vision: false },
        unknown: { provider: 'chat', model: 'up-unknown' },
      },
      collections: {
        ...base.collections,
        kept: { members: ['old', 'special', 'eyes', 'm1'], reply: 'route', order: 'listed' },
        narrow: { members: ['plain', 'unknown'], reply: 'route', order: 'listed' },
      },
    }),
  });
  sdks = sdksFor(t.url);
});
afterAll(() => t.close());

describe('route exclusions, each with its reason', () => {
  it('retired, ad-hoc and a vision specialist without images are skipped, each named in bench.skipped', async () => {
    t.upstream.script('up-1', { answer: { text: 'm1 takes it' } });
    const reply = (await sdks.openai.chat.completions.create({ model: 'bench/kept', messages: [{ role: 'user', content: 'plain text' }] })) as any;
    expect(reply.bench.alias).toBe('m1');
    const skipped = Object.fromEntries(reply.bench.skipped.map((skip: { alias: string; why: string }) => [skip.alias, skip.why]));
    expect(skipped.old).toMatch(/retired/);
    expect(skipped.special).toMatch(/ad.?hoc/i);
    expect(skipped.eyes).toMatch(/vision|image/i);
    for (const model of ['up-old', 'up-special', 'up-eyes']) expect(t.upstream.requestsFor(model)).toHaveLength(0);
  });

  it('with an image, the vision specialist takes it', async () => {
    t.upstream.script('up-eyes', { answer: { text: 'specialist sees' } });
    const reply = (await sdks.openai.chat.completions.create({ model: 'bench/kept', messages: [image] })) as any;
    expect(reply.bench.alias).toBe('eyes');
  });

  it('an ad-hoc model is still callable by its own alias', async () => {
    t.upstream.script('up-special', { answer: { text: 'called directly' } });
    const reply = await sdks.openai.chat.completions.create({ model: 'special', messages: [{ role: 'user', content: 'x' }] });
    expect(reply.choices[0]!.message.content).toBe('called directly');
  });

  it("no member able to take tools is a 400 naming each member's reason; an undeclared capability says how to declare it", async () => {
    const result = await postJSON(`${t.url}/v1/chat/completions`, { model: 'bench/narrow', messages: [{ role: 'user', content: 'x' }], tools });
    expect(result.status).toBe(400);
    const message = errorMessageOf('openai-chat', result.json)!;
    expect(message).toMatch(/plain/);
    expect(message).toMatch(/unknown/);
    expect(message).toMatch(/set "tools": true on models.unknown/);
  });

  it("no member able to see images is a 400 naming each member's reason", async () => {
    const result = await postJSON(`${t.url}/v1/messages`, {
      model: 'bench/narrow',
      max_tokens: 10,
      messages: [{ role: 'user', content: [{ type: 'image', source: { type: 'base64', media_type: 'image/png', data: PIXEL } }] }],
    });
    expect(result.status).toBe(400);
    expect(errorMessageOf('anthropic', result.json)).toMatch(/plain.*unknown|unknown.*plain/s);
  });
});
