import { readFileSync } from 'node:fs';
import Anthropic from '@anthropic-ai/sdk';
import { describe, expect, it } from 'vitest';
import type { ErrorKind } from '../neutral/neutral-error';
import { anthropicCodec } from './anthropic-codec';
import { sdkAnswering } from './sdk-harness';

const fixture = (name: string) => readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url), 'utf8');

describe('formatError', () => {
  it.each<[ErrorKind, number, string]>([
    ['invalid-request', 400, 'invalid_request_error'],
    ['context-length', 400, 'invalid_request_error'],
    ['authentication', 401, 'authentication_error'],
    ['permission', 403, 'permission_error'],
    ['not-found', 404, 'not_found_error'],
    ['request-too-large', 413, 'request_too_large'],
    ['rate-limit', 429, 'rate_limit_error'],
    ['overloaded', 529, 'overloaded_error'],
    ['upstream', 502, 'api_error'],
    ['unavailable', 503, 'api_error'],
  ])('%s → %i %s', (kind, status, type) => {
    expect(anthropicCodec.formatError({ kind, message: 'what to do' })).toEqual({ status, body: { type: 'error', error: { type, message: 'what to do' } } });
  });

  it('keeps an explicit status', () => {
    expect(anthropicCodec.formatError({ kind: 'upstream', status: 504, message: 'slow' }).status).toBe(504);
  });

  it('is read by the SDK as the matching error class', async () => {
    const { status, body } = anthropicCodec.formatError({ kind: 'overloaded', message: 'every member is busy' });
    const error = await sdkAnswering(JSON.stringify(body), 'application/json', status)
      .messages.create({ model: 'm', max_tokens: 1, messages: [{ role: 'user', content: 'x' }] })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Anthropic.InternalServerError);
    expect(error).toMatchObject({ status: 529, type: 'overloaded_error' });
    expect(String((error as Error).message)).toContain('every member is busy');
  });
});

describe('parseError', () => {
  it('classifies captured error bodies', () => {
    expect(anthropicCodec.parseError(529, fixture('error-overloaded.json'))).toEqual({
      kind: 'overloaded',
      status: 529,
      message: 'Overloaded',
      code: 'overloaded_error',
    });
    expect(anthropicCodec.parseError(400, fixture('error-prompt-too-long.json'))).toEqual({
      kind: 'context-length',
      status: 400,
      message: 'prompt is too long: 215023 tokens > 200000 maximum',
      code: 'invalid_request_error',
    });
  });

  it('reads bodies that are not JSON, or not Anthropic’s', () => {
    expect(anthropicCodec.parseError(502, '<html>Bad Gateway</html>')).toEqual({ kind: 'upstream', status: 502, message: '<html>Bad Gateway</html>' });
    expect(anthropicCodec.parseError(401, '')).toEqual({ kind: 'authentication', status: 401, message: 'upstream answered 401' });
    expect(anthropicCodec.parseError(429, '{"message":"slow"}')).toMatchObject({ kind: 'rate-limit', status: 429 });
  });

  it('round-trips what formatError writes', () => {
    const { status, body } = anthropicCodec.formatError({ kind: 'permission', message: 'key may not call core' });
    expect(anthropicCodec.parseError(status, JSON.stringify(body))).toEqual({
      kind: 'permission',
      status: 403,
      message: 'key may not call core',
      code: 'permission_error',
    });
  });
});
