import { anthropicCodec, openaiChatCodec } from '@bench/formats';
import { describe, expect, it } from 'vitest';
import { buildUpstreamRequest } from './build-upstream-request';
import type { ModelTarget } from './model-target';

// A member configured to think (`options.thinking`) meets the rules Anthropic sets for thinking, whoever asked for it.
const thinker: ModelTarget = {
  alias: 'thinker',
  api: 'anthropic',
  baseURL: 'https://api.anthropic.com/v1',
  model: 'claude-sonnet-4-5',
  options: { thinking: { type: 'enabled', budget_tokens: 2048 } },
};
const tools = [{ type: 'function', function: { name: 'read', parameters: { type: 'object' } } }];
const call = { id: 'call_1', type: 'function', function: { name: 'read', arguments: '{}' } };
const built = (chat: Record<string, unknown>) => {
  const request = openaiChatCodec.parseRequest({ model: 'bench/x', tools, ...chat });
  const out = buildUpstreamRequest(anthropicCodec, thinker, request);
  return { body: JSON.parse(out.body) as Record<string, unknown>, warnings: out.warnings };
};

describe('thinking turned on by an Anthropic member’s options', () => {
  it('stays on for a turn Anthropic takes with thinking', () => {
    expect(built({ messages: [{ role: 'user', content: 'hi' }] }).body.thinking).toEqual({ type: 'enabled', budget_tokens: 2048 });
  });

  it('is off, with a warning, for a tool step whose thinking the caller could not send back (Anthropic would refuse it)', () => {
    const { body, warnings } = built({
      messages: [
        { role: 'user', content: 'hi' },
        { role: 'assistant', content: null, tool_calls: [call] },
        { role: 'tool', tool_call_id: 'call_1', content: 'ok' },
      ],
    });
    expect(body.thinking).toBeUndefined();
    expect(warnings).toContainEqual(expect.objectContaining({ code: 'dropped', path: 'reasoning' }));
  });

  it('is off when the caller forces a tool call, and takes out the sampling Anthropic refuses with thinking', () => {
    const forced = built({ messages: [{ role: 'user', content: 'hi' }], tool_choice: 'required' });
    expect(forced.body.thinking).toBeUndefined();
    const sampled = built({ messages: [{ role: 'user', content: 'hi' }], temperature: 0.2, top_p: 0.5 });
    expect(sampled.body).toMatchObject({ thinking: { type: 'enabled' } });
    expect(sampled.body.temperature).toBeUndefined();
    expect(sampled.body.top_p).toBeUndefined();
  });
});
