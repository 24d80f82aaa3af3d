import { anthropicCodec, openaiChatCodec } from '@bench/formats';
import { describe, expect, it } from 'vitest';
import { buildUpstreamRequest } from './build-upstream-request';
import type { ModelTarget } from './model-target';

// Claude Code always sends max_tokens; an OpenAI reasoning model refuses that field and takes max_completion_tokens.
const fromClaudeCode = anthropicCodec.parseRequest({ model: 'claude-opus-4-8', max_tokens: 32000, messages: [{ role: 'user', content: 'hi' }] });
const target = (baseURL: string): ModelTarget => ({ alias: 'm', api: 'openai-chat', baseURL, model: 'gpt-5.4' });
const bodyFor = (baseURL: string) => JSON.parse(buildUpstreamRequest(openaiChatCodec, target(baseURL), fromClaudeCode).body) as Record<string, unknown>;

describe('the output budget field for OpenAI Chat upstreams', () => {
  it.each(['https://api.openai.com/v1', 'https://eu.api.openai.com/v1', 'https://my-team.openai.azure.com/openai/v1', 'https://x.cognitiveservices.azure.com/openai/v1'])(
    '%s gets max_completion_tokens',
    (baseURL) => {
      const body = bodyFor(baseURL);
      expect(body.max_completion_tokens).toBe(32000);
      expect(body).not.toHaveProperty('max_tokens');
    },
  );

  it.each(['http://127.0.0.1:8000/v1', 'https://api.deepseek.com', 'https://openrouter.ai/api/v1', 'https://notopenai.com/v1'])(
    '%s (another OpenAI-compatible server) keeps max_tokens',
    (baseURL) => {
      const body = bodyFor(baseURL);
      expect(body.max_tokens).toBe(32000);
      expect(body).not.toHaveProperty('max_completion_tokens');
    },
  );
});
