import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEYS, startKeyedGateway } from './keyed-gateway';
import { ask, SDK_PROTOCOLS, sdksFor, type Sdks } from './sdk-clients';
import type { TestGateway } from './test-gateway';

let t: TestGateway;
let root: Sdks;

// `everywhere`: one member per upstream protocol the harness has (m1 OpenAI Chat, m4 Anthropic, m5 Gemini).
beforeAll(async () => {
  t = await startKeyedGateway({
    config: (base) => ({ ...base, collections: { ...base.collections, everywhere: { members: ['m1', 'm4', 'm5'], reply: 'all' } } }),
  });
  root = sdksFor(t.url, KEYS.root);
});
afterAll(() => t.close());

describe('what reaches the upstream', () => {
  it.each(SDK_PROTOCOLS)("%s: the provider key goes up; the caller's gateway key, its session headers and the bench field never do", async (protocol) => {
    t.upstream.clearRequests();
    const reply = await ask(root, protocol, 'bench/everywhere', 'who am I talking to?', false);
    expect(reply.bench).toMatchObject({ reply: 'all' });
    expect(t.upstream.requests).toHaveLength(3);
    for (const request of t.upstream.requests) {
      const seen = JSON.stringify({ headers: request.headers, path: request.path, body: request.body });
      expect(seen).not.toContain(KEYS.root);
      expect(seen).toContain('upstream-secret');
      expect(request.body).not.toHaveProperty('bench');
    }
  });

  it('a body bench field steering the gateway is taken out before the request goes up', async () => {
    t.upstream.clearRequests();
    t.upstream.script('up-1', { answer: { text: 'steered' } });
    const reply = (await root.openai.chat.completions.create({
      model: 'bench/agents',
      messages: [{ role: 'user', content: 'x' }],
      bench: { reply: 'route' },
    } as never)) as any;
    expect(reply.choices[0].message.content).toBe('steered');
    expect(JSON.stringify(t.upstream.requests.map((request) => request.body))).not.toContain('"bench"');
  });
});
