import { describe, expect, it } from 'vitest';
import { ConnectionError } from './errors/connection-error';
import { ContextLengthError } from './errors/context-length-error';
import { RateLimitedError } from './errors/rate-limited-error';
import { ServerError } from './errors/server-error';
import { TimeoutError } from './errors/timeout-error';
import { retryDelay } from './retry-delay';
import { DEFAULT_RETRY } from './settings';

const fresh = () => ({ rateLimited: 0, server: 0 });
const half = () => 0.5;

describe('retryDelay', () => {
  it('waits out a 429 whose Retry-After is at most retryAfterMaxMs, once', () => {
    const counts = fresh();
    const error = new RateLimitedError({ message: 'x', retryAfterMs: 5_000 });
    expect(retryDelay(error, counts, DEFAULT_RETRY, half)).toBe(5_000);
    expect(retryDelay(error, counts, DEFAULT_RETRY, half)).toBeUndefined();
  });
  it('does not wait out a longer Retry-After, a 429 without one, or a local pacing refusal', () => {
    expect(retryDelay(new RateLimitedError({ message: 'x', retryAfterMs: 5_001 }), fresh(), DEFAULT_RETRY, half)).toBeUndefined();
    expect(retryDelay(new RateLimitedError({ message: 'x' }), fresh(), DEFAULT_RETRY, half)).toBeUndefined();
    expect(retryDelay(new RateLimitedError({ message: 'x', retryAfterMs: 10, local: true }), fresh(), DEFAULT_RETRY, half)).toBeUndefined();
  });
  it('retries a 5xx and a reset before any byte serverErrorRetries times, with jittered exponential backoff', () => {
    const counts = fresh();
    const settings = { ...DEFAULT_RETRY, serverErrorRetries: 2, backoffMs: 100 };
    expect(retryDelay(new ServerError({ message: 'x', status: 500 }), counts, settings, half)).toBe(150);
    expect(retryDelay(new ConnectionError({ message: 'x', beforeAnyByte: true }), counts, settings, half)).toBe(300);
    expect(retryDelay(new ServerError({ message: 'x', status: 500 }), counts, settings, half)).toBeUndefined();
  });
  it('never retries a cut part way, a timeout or a context-length error', () => {
    expect(retryDelay(new ConnectionError({ message: 'x', beforeAnyByte: false }), fresh(), DEFAULT_RETRY, half)).toBeUndefined();
    expect(retryDelay(new TimeoutError({ timeout: 'first-token', ms: 1 }), fresh(), DEFAULT_RETRY, half)).toBeUndefined();
    expect(retryDelay(new ContextLengthError({ message: 'x', status: 400 }), fresh(), DEFAULT_RETRY, half)).toBeUndefined();
  });
});
