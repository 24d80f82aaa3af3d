import { describe, expect, it } from 'vitest';
import { openaiResponsesCodec } from './openai-responses-codec';
import { fixtureText } from './read-fixture';

describe('formatError', () => {
  it.each([
    [{ kind: 'invalid-request', message: 'input[0].content: expected a string', param: 'input[0].content' }, 400, 'invalid_request_error', null],
    [{ kind: 'authentication', message: 'missing key' }, 401, 'authentication_error', null],
    [{ kind: 'not-found', message: 'unknown model bench/x' }, 404, 'not_found_error', null],
    [{ kind: 'rate-limit', message: 'every member is rate limited' }, 429, 'rate_limit_error', 'rate_limit_exceeded'],
    [{ kind: 'context-length', message: 'too long' }, 400, 'invalid_request_error', 'context_length_exceeded'],
    [{ kind: 'upstream', message: 'm1: 500', status: 502, code: 'upstream_failed' }, 502, 'server_error', 'upstream_failed'],
  ] as const)('%j → %i %s', (error, status, type, code) => {
    const formatted = openaiResponsesCodec.formatError(error);
    expect(formatted.status).toBe(status);
    expect(formatted.body).toEqual({ error: { message: error.message, type, param: 'param' in error ? error.param : null, code } });
  });
});

describe('parseError', () => {
  it('reads a captured rate-limit body', () => {
    expect(openaiResponsesCodec.parseError(429, fixtureText('error-rate-limit.json'))).toMatchObject({
      kind: 'rate-limit',
      status: 429,
      code: 'rate_limit_exceeded',
      message: expect.stringContaining('Rate limit reached'),
    });
  });

  it('reads a captured context-length body, with its param', () => {
    expect(openaiResponsesCodec.parseError(400, fixtureText('error-context-length.json'))).toEqual({
      kind: 'context-length',
      status: 400,
      code: 'context_length_exceeded',
      param: 'input',
      message: 'Your input exceeds the context window of this model. Please adjust your input and try again.',
    });
  });

  it('reads a non-JSON body', () => {
    expect(openaiResponsesCodec.parseError(502, '<html>Bad Gateway</html>\n')).toEqual({ kind: 'upstream', status: 502, message: '<html>Bad Gateway</html>' });
    expect(openaiResponsesCodec.parseError(503, '')).toEqual({ kind: 'unavailable', status: 503, message: 'upstream answered 503' });
  });

  it('reads back what formatError wrote', () => {
    const { status, body } = openaiResponsesCodec.formatError({ kind: 'permission', message: 'key may not call core' });
    expect(openaiResponsesCodec.parseError(status, JSON.stringify(body))).toMatchObject({ kind: 'permission', message: 'key may not call core' });
  });
});
