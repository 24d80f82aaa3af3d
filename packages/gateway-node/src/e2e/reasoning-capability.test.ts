import { describe, expect, it } from 'vitest';
import { useTestGateway } from './test-gateway';

// Claude Code asks for thinking with every turn; a local model without reasoning refuses it ("does not support
// thinking", a 400 that fails the turn). A member configured `reasoning: false` never gets it.
const gateway = useTestGateway({
  config: (base) => ({
    ...base,
    models: {
      ...base.models,
      plain: { provider: 'ollama', model: 'up-plain', contextWindow: 100000, maxOutput: 4000, tools: true, reasoning: false },
      thinking: { provider: 'ollama', model: 'up-think', contextWindow: 100000, maxOutput: 4000, tools: true, reasoning: true },
      unsure: { provider: 'ollama', model: 'up-unsure', contextWindow: 100000, maxOutput: 4000, tools: true },
    },
    collections: {
      ...base.collections,
      plainLocal: { members: ['plain'], reply: 'route', timeouts: base.defaults.timeouts },
      thinkingLocal: { members: ['thinking'], reply: 'route', timeouts: base.defaults.timeouts },
      unsureLocal: { members: ['unsure'], reply: 'route', timeouts: base.defaults.timeouts },
    },
  }),
});

const claudeCodeTurn = (model: string) =>
  gateway.sdks().anthropic.messages.create({
    model,
    max_tokens: 4096,
    thinking: { type: 'adaptive' },
    messages: [{ role: 'user', content: 'fix the flaky test' }],
  } as never) as unknown as Promise<{ content: Array<{ type: string; text?: string }>; bench: { warnings?: Array<{ message: string }> } }>;

describe('a member configured not to reason', () => {
  it('gets Claude Code’s turn without thinking, and the reply says what was left out', async () => {
    gateway.t().upstream.script('up-plain', { answer: { text: 'Fixed.' } });
    const reply = await claudeCodeTurn('bench/plainLocal');
    expect(reply.content).toEqual([expect.objectContaining({ type: 'text', text: 'Fixed.' })]);
    expect(gateway.t().upstream.requestsFor('up-plain').at(-1)?.body).not.toHaveProperty('think');
    expect(JSON.stringify(reply.bench.warnings)).toContain('does not reason (reasoning: false)');
  });

  it('while a reasoning member gets it, and Ollama clients see which can think', async () => {
    gateway.t().upstream.script('up-think', { answer: { text: 'Fixed.' } });
    await claudeCodeTurn('bench/thinkingLocal');
    expect(gateway.t().upstream.requestsFor('up-think').at(-1)?.body).toHaveProperty('think', true);
    const ollama = gateway.sdks().ollama;
    expect((await ollama.show({ model: 'bench/thinkingLocal' })).capabilities).toContain('thinking');
    expect((await ollama.show({ model: 'bench/plainLocal' })).capabilities).not.toContain('thinking');
  });

  it('one whose catalog does not say, and which refuses Claude Code’s thinking, is asked again without it', async () => {
    const refusal = {
      error: { status: 400, error: { kind: 'invalid-request' as const, message: 'registry.ollama.ai/library/llama3.1:latest does not support thinking' } },
    };
    gateway.t().upstream.script('up-unsure', [refusal, { answer: { text: 'Fixed anyway.' } }]);
    const reply = await claudeCodeTurn('bench/unsureLocal');
    expect(reply.content).toEqual([expect.objectContaining({ type: 'text', text: 'Fixed anyway.' })]);
    expect(
      gateway
        .t()
        .upstream.requestsFor('up-unsure')
        .map((request) => (request.body as { think?: unknown }).think),
    ).toEqual([true, undefined]);
    expect(JSON.stringify(reply.bench.warnings)).toContain('\\"reasoning\\": false on unsure skips the refusal');
  });
});
