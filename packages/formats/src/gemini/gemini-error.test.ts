import { describe, expect, it } from 'vitest';
import type { ErrorKind } from '../neutral/neutral-error';
import { geminiCodec } from './gemini-codec';
import { readFixture } from './gemini-test-helpers';

describe('formatError', () => {
  it.each<[ErrorKind, number, string]>([
    ['invalid-request', 400, 'INVALID_ARGUMENT'],
    ['authentication', 401, 'UNAUTHENTICATED'],
    ['permission', 403, 'PERMISSION_DENIED'],
    ['not-found', 404, 'NOT_FOUND'],
    ['request-too-large', 413, 'INVALID_ARGUMENT'],
    ['rate-limit', 429, 'RESOURCE_EXHAUSTED'],
    ['overloaded', 503, 'UNAVAILABLE'],
    ['timeout', 504, 'DEADLINE_EXCEEDED'],
    ['upstream', 502, 'INTERNAL'],
    ['unavailable', 503, 'UNAVAILABLE'],
    ['internal', 500, 'INTERNAL'],
  ])('%s → %i %s', (kind, status, statusName) => {
    expect(geminiCodec.formatError({ kind, message: 'm' })).toEqual({ status, body: { error: { code: status, message: 'm', status: statusName } } });
  });

  it('names the field at fault in a BadRequest detail', () => {
    const { body } = geminiCodec.formatError({ kind: 'invalid-request', message: 'bad', param: 'contents[0].parts' });
    expect(body.error).toMatchObject({
      details: [{ '@type': 'type.googleapis.com/google.rpc.BadRequest', fieldViolations: [{ field: 'contents[0].parts' }] }],
    });
  });
});

describe('parseError', () => {
  it('reads a captured Gemini error body', () => {
    expect(geminiCodec.parseError(429, readFixture('error-429.json'))).toEqual({
      kind: 'rate-limit',
      status: 429,
      message: 'Resource has been exhausted (e.g. check quota).',
      code: 'RESOURCE_EXHAUSTED',
    });
  });

  it('reads array-wrapped errors, context-length errors, and bodies that are not JSON', () => {
    const wrapped = JSON.stringify([
      { error: { code: 400, message: 'The input token count (1200000) exceeds the maximum number of tokens allowed (1048576).', status: 'INVALID_ARGUMENT' } },
    ]);
    expect(geminiCodec.parseError(400, wrapped)).toMatchObject({ kind: 'context-length', code: 'INVALID_ARGUMENT' });
    expect(geminiCodec.parseError(502, '<html>Bad Gateway</html>')).toEqual({ kind: 'upstream', status: 502, message: '<html>Bad Gateway</html>' });
    expect(geminiCodec.parseError(503, '')).toEqual({ kind: 'unavailable', status: 503, message: 'upstream answered 503' });
  });

  it('round-trips its own error shape', () => {
    const { status, body } = geminiCodec.formatError({ kind: 'permission', message: 'key may not call core' });
    expect(geminiCodec.parseError(status, JSON.stringify(body))).toEqual({
      kind: 'permission',
      status: 403,
      message: 'key may not call core',
      code: 'PERMISSION_DENIED',
    });
  });
});

describe('stream settings', () => {
  it('uses SSE with a comment keep-alive', () => {
    expect(geminiCodec.streamContentType).toBe('text/event-stream');
    expect(geminiCodec.keepAlive).toBe(': keep-alive\n\n');
    expect(geminiCodec.protocol).toBe('gemini');
  });
});
