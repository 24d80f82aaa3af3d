import { getCodec } from '@bench/formats';
import { describe, expect, it } from 'vitest';
import { classifyHttpError } from './classify-http-error';
import { RateLimitedError } from './errors/rate-limited-error';

const NOW = 0;
const openai = getCodec('openai-chat');
const anthropic = getCodec('anthropic');
const classify = (codec: typeof openai, status: number, body: unknown, headers: Record<string, string> = {}) =>
  classifyHttpError({ codec, alias: 'm1', status, headers, body: typeof body === 'string' ? body : JSON.stringify(body), now: NOW });

describe('classifyHttpError', () => {
  it('reads the provider error body as well as the status', () => {
    const contextLength = {
      error: { message: "This model's maximum context length is 8192 tokens.", type: 'invalid_request_error', code: 'context_length_exceeded' },
    };
    expect(classify(openai, 400, contextLength).name).toBe('ContextLengthError');
    const policy = { error: { message: 'Your request was rejected by our safety system.', type: 'invalid_request_error', code: 'content_policy_violation' } };
    expect(classify(openai, 400, policy).name).toBe('ContentPolicyError');
    expect(classify(openai, 400, { error: { message: 'bad tools', type: 'invalid_request_error' } }).name).toBe('BadRequestError');
    const tooLong = { type: 'error', error: { type: 'invalid_request_error', message: 'prompt is too long: 210000 tokens > 200000 maximum' } };
    expect(classify(anthropic, 400, tooLong).name).toBe('ContextLengthError');
    expect(classify(anthropic, 529, { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } }).name).toBe('ServerError');
  });

  it('keeps the first 4,000 characters of an upstream’s own message, and says how much more there was', () => {
    const error = classify(openai, 500, { error: { message: 'e'.repeat(50_000), type: 'server_error' } });
    expect(error.message).toBe(`m1: ${'e'.repeat(4_000)}… (46000 more characters)`);
    expect(classify(openai, 500, { error: { message: 'short', type: 'server_error' } }).message).toBe('m1: short');
  });

  it('keeps status, headers and body on the error, and the Retry-After of a 429', () => {
    const error = classify(openai, 429, { error: { message: 'slow down', type: 'rate_limit_error' } }, { 'retry-after': '3' });
    expect(RateLimitedError.isInstance(error)).toBe(true);
    expect(RateLimitedError.isInstance(error) && error.retryAfterMs).toBe(3_000);
    expect(error).toMatchObject({ status: 429, headers: { 'retry-after': '3' }, isRetryable: true, alias: 'm1' });
    expect(error.body).toContain('slow down');
  });

  it('falls back on the status for a body no codec can read', () => {
    expect(classify(openai, 502, '<html>Bad gateway</html>').name).toBe('ServerError');
    expect(classify(openai, 429, 'nope').name).toBe('RateLimitedError');
    expect(classify(openai, 404, 'nope').name).toBe('ProviderRefusedError');
  });
});
