import { anthropicCodec, openaiChatCodec } from '@bench/formats';
import { describe, expect, it } from 'vitest';
import { buildUpstreamRequest } from './build-upstream-request';
import type { ModelTarget } from './model-target';

// A route turn from an OpenAI Chat client, to be sent again: the gateway marks it for Anthropic's prompt cache.
const turn = Object.assign(
  openaiChatCodec.parseRequest({
    model: 'x',
    messages: [
      { role: 'system', content: 'You are an agent.' },
      { role: 'user', content: 'go' },
    ],
  }),
  {
    promptCache: { conversation: 'conv-1' },
  },
);
const claude = (more: Partial<ModelTarget> = {}): ModelTarget => ({
  alias: 'c',
  api: 'anthropic',
  baseURL: 'https://api.anthropic.com/v1',
  model: 'claude-sonnet-4-5',
  ...more,
});
const built = (target: ModelTarget) => {
  const out = buildUpstreamRequest(anthropicCodec, target, turn);
  return { body: JSON.parse(out.body) as { system: Array<{ cache_control?: unknown }> }, headers: out.headers };
};

describe('a model’s prompt-cache time (promptCacheTtl)', () => {
  it('marks for an hour, with the beta value those marks came with, after the provider’s own betas', () => {
    const { body, headers } = built(claude({ promptCacheTtl: '1h', headers: { 'Anthropic-Beta': 'context-1m-2025-08-07' } }));
    expect(body.system[0]?.cache_control).toEqual({ type: 'ephemeral', ttl: '1h' });
    expect(headers['Anthropic-Beta']).toBe('context-1m-2025-08-07,extended-cache-ttl-2025-04-11');
  });

  it('marks for five minutes, with no beta, when it is not set or is 5m', () => {
    for (const target of [claude(), claude({ promptCacheTtl: '5m' })]) {
      const { body, headers } = built(target);
      expect(body.system[0]?.cache_control).toEqual({ type: 'ephemeral' });
      expect(Object.keys(headers).map((key) => key.toLowerCase())).not.toContain('anthropic-beta');
    }
  });
});
