import { anthropicCodec, openaiChatCodec, openaiResponsesCodec, type Codec, type NeutralRequest } from '@bench/formats';
import { describe, expect, it } from 'vitest';
import { buildUpstreamRequest } from '../../build-upstream-request';
import type { ModelTarget } from '../../model-target';

const OPENAI = 'https://api.openai.com/v1';
const fromClaudeCode = anthropicCodec.parseRequest({
  model: 'claude-opus-4-8',
  max_tokens: 1000,
  system: 'You are Claude Code.',
  messages: [{ role: 'user', content: 'fix it' }],
});
const fromCodex = openaiResponsesCodec.parseRequest({ model: 'gpt-5.4', input: 'fix it', prompt_cache_key: 'codex-session-1' });
const routeTurn = (request: NeutralRequest): NeutralRequest => ({ ...request, promptCache: { conversation: 'conv-abc' } });
const codecs: Record<string, Codec> = { 'openai-chat': openaiChatCodec, 'openai-responses': openaiResponsesCodec };

function keySent(api: 'openai-chat' | 'openai-responses', request: NeutralRequest, baseURL = OPENAI): unknown {
  const target: ModelTarget = { alias: 'm', api, baseURL, model: 'gpt-5.4' };
  return (JSON.parse(buildUpstreamRequest(codecs[api]!, target, request).body) as Record<string, unknown>).prompt_cache_key;
}

describe('prompt_cache_key for OpenAI upstreams', () => {
  it.each(['openai-chat', 'openai-responses'] as const)('%s: a route turn goes with its conversation as the key', (api) => {
    expect(keySent(api, routeTurn(fromClaudeCode))).toBe('conv-abc');
  });

  it('a key the client sent wins (Codex names its session)', () => {
    expect(keySent('openai-responses', routeTurn(fromCodex))).toBe('codex-session-1');
  });

  it("none for a request that will not come back (a panel seat), nor for servers other than OpenAI's own", () => {
    expect(keySent('openai-chat', fromClaudeCode)).toBeUndefined();
    expect(keySent('openai-chat', routeTurn(fromClaudeCode), 'http://127.0.0.1:8000/v1')).toBeUndefined();
    expect(keySent('openai-responses', routeTurn(fromClaudeCode), 'https://openrouter.ai/api/v1')).toBeUndefined();
  });
});
