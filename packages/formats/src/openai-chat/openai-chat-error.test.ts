import { readFileSync } from 'node:fs';
import OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import type { ErrorKind } from '../neutral/neutral-error';
import { fetchReturning } from './__fixtures__/sse-response';
import { openaiChatCodec } from './openai-chat-codec';

const fixture = (name: string) => readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url), 'utf8');

describe('formatError', () => {
  it.each([
    ['invalid-request', 400, 'invalid_request_error', null],
    ['authentication', 401, 'authentication_error', 'invalid_api_key'],
    ['permission', 403, 'permission_error', null],
    ['not-found', 404, 'not_found_error', null],
    ['context-length', 400, 'invalid_request_error', 'context_length_exceeded'],
    ['rate-limit', 429, 'rate_limit_error', 'rate_limit_exceeded'],
    ['upstream', 502, 'server_error', null],
  ] as Array<[ErrorKind, number, string, string | null]>)('%s → %i %s', (kind, status, type, code) => {
    expect(openaiChatCodec.formatError({ kind, message: 'what to do' })).toEqual({
      status,
      body: { error: { message: 'what to do', type, param: null, code } },
    });
  });

  it('keeps the field at fault and the given code', () => {
    const { body } = openaiChatCodec.formatError({ kind: 'invalid-request', message: 'bad', param: 'messages[2].content', code: 'bad_field' });
    expect(body.error).toMatchObject({ param: 'messages[2].content', code: 'bad_field' });
  });

  it('is what the openai SDK throws, with status, type, code and param', async () => {
    const { status, body } = openaiChatCodec.formatError({ kind: 'not-found', message: 'unknown model "bench/nope"', param: 'model' });
    const client = new OpenAI({
      apiKey: 't',
      baseURL: 'http://bench.invalid/v1',
      maxRetries: 0,
      fetch: fetchReturning(JSON.stringify(body), { status, contentType: 'application/json' }),
    });
    const error = await client.chat.completions.create({ model: 'bench/nope', messages: [] }).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(OpenAI.NotFoundError);
    expect(error).toMatchObject({ status: 404, type: 'not_found_error', param: 'model', message: expect.stringContaining('unknown model') });
  });
});

describe('parseError', () => {
  it('reads a captured context-length error', () => {
    expect(openaiChatCodec.parseError(400, fixture('error-context-length.json'))).toMatchObject({
      kind: 'context-length',
      status: 400,
      code: 'context_length_exceeded',
      param: 'messages',
      message: expect.stringMatching(/maximum context length/),
    });
  });

  it('reads a captured rate-limit error', () => {
    expect(openaiChatCodec.parseError(429, fixture('error-rate-limit.json'))).toMatchObject({ kind: 'rate-limit', status: 429, code: 'rate_limit_exceeded' });
  });

  it('reads compatible servers’ shapes and plain text', () => {
    expect(openaiChatCodec.parseError(404, '{"error":"model \\"x\\" not found"}')).toMatchObject({ kind: 'not-found', message: 'model "x" not found' });
    expect(openaiChatCodec.parseError(500, '{"error":{"message":"boom","code":500}}')).toMatchObject({ kind: 'upstream', code: '500' });
    expect(openaiChatCodec.parseError(503, '<html>Service Unavailable</html>')).toMatchObject({
      kind: 'unavailable',
      message: '<html>Service Unavailable</html>',
    });
    expect(openaiChatCodec.parseError(502, '')).toMatchObject({ kind: 'upstream', message: 'upstream answered 502' });
    expect(
      openaiChatCodec.parseError(400, '{"error":{"message":"Your request was flagged by our content_policy","type":"invalid_request_error"}}'),
    ).toMatchObject({
      kind: 'content-policy',
    });
  });
});

describe('stream settings', () => {
  it('uses SSE with comment keep-alives', () => {
    expect(openaiChatCodec.streamContentType).toBe('text/event-stream');
    expect(openaiChatCodec.keepAlive).toBe(': keep-alive\n\n');
  });
});
