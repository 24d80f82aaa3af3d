import { describe, expect, it } from 'vitest';
import { classifyError } from './classify-error';

describe('classifyError', () => {
  it.each([
    [429, {}, 'rate-limit'],
    [529, {}, 'overloaded'],
    [500, { message: 'Overloaded' }, 'overloaded'],
    [503, {}, 'unavailable'],
    [502, {}, 'upstream'],
    [504, {}, 'timeout'],
    [401, {}, 'authentication'],
    [403, {}, 'permission'],
    [404, {}, 'not-found'],
    [400, { code: 'context_length_exceeded', message: 'too long' }, 'context-length'],
    [400, { message: 'prompt is too long: 210000 tokens > 200000 maximum' }, 'context-length'],
    [413, { message: 'request body too large' }, 'request-too-large'],
    [400, { code: 'content_policy_violation', message: 'refused' }, 'content-policy'],
    [400, { type: 'invalid_request_error', message: 'messages: field required' }, 'invalid-request'],
  ] as const)('%i %j is %s', (status, said, kind) => {
    expect(classifyError(status, said).kind).toBe(kind);
  });

  it('keeps the status, the message and the provider code', () => {
    expect(classifyError(400, { code: 'context_length_exceeded', message: 'too long' })).toEqual({
      kind: 'context-length',
      status: 400,
      message: 'too long',
      code: 'context_length_exceeded',
    });
    expect(classifyError(500, {}).message).toBe('upstream answered 500');
  });
});
