import { createOpenAI } from '@ai-sdk/openai';
import type { LanguageModel } from 'ai';
import OpenAI from 'openai';
import type { StreamEvent } from '../neutral/stream-event';
import type { FormatStreamOptions } from '../codec';
import { openaiResponsesCodec } from './openai-responses-codec';

/** Test helper: a fetch that answers every request with these bytes. */
export function answering(body: string, contentType: string, status = 200): typeof fetch {
  return async () => new Response(body, { status, headers: { 'content-type': contentType, 'x-request-id': 'req_test' } });
}

/** Test helper: an official `openai` client answered by `fetch`. */
export function openaiClient(fetch: typeof globalThis.fetch): OpenAI {
  return new OpenAI({ apiKey: 'test-key', baseURL: 'http://bench.test/v1', maxRetries: 0, fetch });
}

/** Test helper: the Vercel AI SDK's Responses model answered by `fetch`. */
export function aiSdkModel(fetch: typeof globalThis.fetch): LanguageModel {
  return createOpenAI({ apiKey: 'test-key', baseURL: 'http://bench.test/v1', fetch }).responses('gpt-test');
}

/** Test helper: the SSE text our encoder writes for these events (and its end()). */
export function encodeAll(events: ReadonlyArray<StreamEvent>, options?: FormatStreamOptions, withEnd = true): string {
  const encoder = openaiResponsesCodec.createStreamEncoder(options);
  let out = '';
  for (const event of events) out += encoder.encode(event);
  return withEnd ? out + encoder.end() : out;
}
