import { describe, expect, it } from 'vitest';
import { BenchError, statusOfError } from './bench-error';
import { STATUS_BY_KIND } from './error-kind';
import type { NeutralError } from './neutral-error';

class TooLong extends BenchError {
  override toNeutral(): NeutralError {
    return { kind: 'invalid-request', message: this.message, param: 'messages' };
  }
}

class Limited extends BenchError {
  override toNeutral(): NeutralError {
    return { kind: 'upstream', status: 429, message: this.message };
  }

  override get replyHeaders(): Record<string, string> {
    return { 'retry-after': '3' };
  }
}

describe('BenchError', () => {
  it('is recognised by its marker, also as another installed copy would make it (no shared class)', () => {
    expect(BenchError.isInstance(new TooLong('too long'))).toBe(true);
    expect(BenchError.isInstance(new Error('plain'))).toBe(false);
    expect(BenchError.isInstance({ message: 'lookalike' })).toBe(false);
    const fromAnotherCopy = Object.assign(new Error('elsewhere'), { [Symbol.for('bench.error')]: true });
    expect(BenchError.isInstance(fromAnotherCopy)).toBe(true);
  });

  it('answers with its kind’s status unless it names its own, and with the headers it carries', () => {
    expect(statusOfError(new TooLong('x').toNeutral())).toBe(400);
    expect(statusOfError(new Limited('x').toNeutral())).toBe(429);
    expect(new TooLong('x').replyHeaders).toEqual({});
    expect(new Limited('x').replyHeaders).toEqual({ 'retry-after': '3' });
  });

  it('has one status for every kind, each an HTTP error status', () => {
    for (const status of Object.values(STATUS_BY_KIND)) expect(status >= 400 && status < 600).toBe(true);
    expect(STATUS_BY_KIND['request-too-large']).toBe(413);
    expect(STATUS_BY_KIND['rate-limit']).toBe(429);
  });
});
