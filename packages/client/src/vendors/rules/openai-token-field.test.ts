import { anthropicCodec, openaiChatCodec } from '@bench/formats';
import { describe, expect, it } from 'vitest';
import { buildUpstreamRequest } from '../../build-upstream-request';
import type { ModelTarget } from '../../model-target';

// Claude Code always sends max_tokens; an OpenAI reasoning model refuses that field and takes max_completion_tokens.
const fromClaudeCode = anthropicCodec.parseRequest({ model: 'claude-opus-4-8', max_tokens: 32000, messages: [{ role: 'user', content: 'hi' }] });
const target = (baseURL: string): ModelTarget => ({ alias: 'm', api: 'openai-chat', baseURL, model: 'gpt-5.4' });
const bodyFor = (baseURL: string) => JSON.parse(buildUpstreamRequest(openaiChatCodec, target(baseURL), fromClaudeCode).body) as Record<string, unknown>;

describe('the output budget field for OpenAI Chat upstreams', () => {
  it.each([
    ['https://api.openai.com/v1', 'max_completion_tokens', 'max_tokens'],
    ['https://eu.api.openai.com/v1', 'max_completion_tokens', 'max_tokens'],
    ['https://my-team.openai.azure.com/openai/v1', 'max_completion_tokens', 'max_tokens'],
    ['https://x.cognitiveservices.azure.com/openai/v1', 'max_completion_tokens', 'max_tokens'],
    // Other OpenAI-compatible servers keep the field they know.
    ['http://127.0.0.1:8000/v1', 'max_tokens', 'max_completion_tokens'],
    ['https://api.deepseek.com', 'max_tokens', 'max_completion_tokens'],
    ['https://openrouter.ai/api/v1', 'max_tokens', 'max_completion_tokens'],
    ['https://notopenai.com/v1', 'max_tokens', 'max_completion_tokens'],
  ])('%s gets %s', (baseURL, field, other) => {
    const body = bodyFor(baseURL);
    expect(body[field]).toBe(32000);
    expect(body).not.toHaveProperty(other);
  });
});
