import { describe, expect, it } from 'vitest';
import { createClient } from './create-client';
import { InvalidTargetError } from './errors/invalid-target-error';
import type { ModelTarget } from './model-target';
import { ask } from './test-helpers';

const good: ModelTarget = { alias: 'm1', api: 'openai-chat', baseURL: 'http://127.0.0.1:1/v1', model: 'x' };

describe('target validation', () => {
  it.each([
    [{ baseURL: 'ftp://x' }, 'candidates[1].baseURL: "ftp://x" is not an http(s) URL'],
    [{ baseURL: 'not a url' }, 'candidates[1].baseURL: "not a url" is not an http(s) URL'],
    [{ api: 'grpc' }, 'candidates[1].api: "grpc" is not one of openai-chat, openai-responses, anthropic, gemini, ollama'],
    [{ rpm: 0 }, 'candidates[1].rpm: must be a positive whole number of requests a minute'],
    [{ timeouts: { firstTokenMs: -1 } }, 'candidates[1].timeouts.firstTokenMs: must be a positive number of milliseconds'],
    [{ alias: '' }, 'candidates[1].alias: must be a non-empty string'],
    [
      { vendor: 'azure' },
      'candidates[1].vendor: "azure" is not one of openai, anthropic, google, deepseek, moonshot, openrouter, minimax, groq, cerebras, other',
    ],
  ])('refuses %j, naming the field and why', (change, message) => {
    const client = createClient();
    const bad = { ...good, ...change } as ModelTarget;
    let thrown: unknown;
    try {
      client.failover([good, bad], ask());
    } catch (error) {
      thrown = error;
    }
    expect(InvalidTargetError.isInstance(thrown)).toBe(true);
    expect((thrown as Error).message).toBe(message);
  });
});
