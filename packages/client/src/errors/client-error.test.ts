import { describe, expect, it } from 'vitest';
import { AbortedError } from './aborted-error';
import { AllCandidatesFailedError } from './all-candidates-failed-error';
import { BadRequestError } from './bad-request-error';
import { ClientError } from './client-error';
import { RateLimitedError } from './rate-limited-error';
import { ServerError } from './server-error';
import { TimeoutError } from './timeout-error';

describe('client error classes', () => {
  it('recognise each other across copies of the package by their Symbol.for marker', () => {
    const foreign = { [Symbol.for('bench.client.ClientError')]: true, [Symbol.for('bench.client.RateLimitedError')]: true };
    expect(ClientError.isInstance(foreign)).toBe(true);
    expect(RateLimitedError.isInstance(foreign)).toBe(true);
    expect(ServerError.isInstance(foreign)).toBe(false);
    expect(ClientError.isInstance(new Error('x'))).toBe(false);
  });

  it('are retryable by HTTP convention: 408, 409, 429, ≥ 500', () => {
    expect(new ServerError({ message: 'x', status: 500 }).isRetryable).toBe(true);
    expect(new BadRequestError({ message: 'x', status: 409 }).isRetryable).toBe(true);
    expect(new BadRequestError({ message: 'x', status: 400 }).isRetryable).toBe(false);
    expect(new AbortedError({ message: 'x' }).isRetryable).toBe(false);
  });

  it('turn into neutral errors with the status a gateway answers', () => {
    expect(new TimeoutError({ alias: 'm1', timeout: 'idle', ms: 60_000 }).toNeutral()).toEqual({
      kind: 'timeout',
      status: 504,
      message: 'm1: no piece within 60000 ms (idle timeout)',
    });
    expect(new BadRequestError({ message: 'x', status: 422, param: 'tools' }).toNeutral()).toEqual({
      kind: 'invalid-request',
      status: 422,
      message: 'x',
      param: 'tools',
    });
  });

  it('every candidate failing: 429 only when all were rate limited', () => {
    const limited = new AllCandidatesFailedError([
      { alias: 'a', error: new RateLimitedError({ message: 'a', retryAfterMs: 9_000 }) },
      { alias: 'b', error: new RateLimitedError({ message: 'b', retryAfterMs: 2_000 }) },
    ]);
    expect([limited.gatewayStatus, limited.retryAfterMs]).toEqual([429, 2_000]);
    const mixed = new AllCandidatesFailedError([
      { alias: 'a', error: new RateLimitedError({ message: 'a' }) },
      { alias: 'b', error: new ServerError({ message: 'b' }) },
    ]);
    expect([mixed.gatewayStatus, mixed.retryAfterMs, mixed.message]).toEqual([502, undefined, 'every candidate failed — a; b']);
    expect(new AllCandidatesFailedError([]).gatewayStatus).toBe(502);
  });
});
