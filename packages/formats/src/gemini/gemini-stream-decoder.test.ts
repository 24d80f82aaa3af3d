import { describe, expect, it } from 'vitest';
import type { StreamEvent } from '../neutral/stream-event';
import { geminiCodec } from './gemini-codec';
import { readFixture } from './gemini-test-helpers';

function decode(text: string, size = text.length): { events: StreamEvent[]; malformed: readonly string[] } {
  const decoder = geminiCodec.createStreamDecoder();
  const events: StreamEvent[] = [];
  for (let i = 0; i < text.length; i += size) events.push(...decoder.push(text.slice(i, i + size)));
  events.push(...decoder.end());
  return { events, malformed: decoder.malformed };
}

const TOOL_STREAM: StreamEvent[] = [
  { type: 'start', id: 'x3kjae6OAuKdz7IPkLqZiAo', model: 'gemini-3-flash-preview' },
  { type: 'reasoning-delta', text: '**Checking the weather**\n\nThe user wants Paris weather; ' },
  { type: 'reasoning-delta', text: "I'll call get_weather." },
  { type: 'text-delta', text: 'Let me check ' },
  { type: 'text-delta', text: 'the weather in Paris.' },
  { type: 'reasoning-delta', text: '', signature: 'CiQBcsjafE2mN0b3Rz', signatureFrom: 'gemini' },
  { type: 'tool-call-start', id: 'call_0', name: 'get_weather' },
  { type: 'tool-call-delta', id: 'call_0', argumentsDelta: '{"city":"Paris","unit":"celsius"}' },
  { type: 'tool-call-end', id: 'call_0' },
  {
    type: 'finish',
    reason: 'tool-calls',
    rawReason: 'STOP',
    usage: { inputTokens: 412, outputTokens: 95, reasoningTokens: 64, cachedInputTokens: 128 },
  },
];

describe('Gemini stream decoder', () => {
  it('decodes a captured stream: reasoning, text, a signed function call, usage', () => {
    expect(decode(readFixture('stream-thought-text-tool.sse')).events).toEqual(TOOL_STREAM);
  });

  it("passes a Gemini upstream through to a Gemini client with the function call's signature in place", () => {
    const encoder = geminiCodec.createStreamEncoder();
    const text = TOOL_STREAM.map((e) => encoder.encode(e)).join('') + encoder.end();
    const call = text.split('\n\n').find((line) => line.includes('functionCall'));
    expect(JSON.parse(call!.slice('data: '.length)).candidates[0].content.parts).toEqual([
      { functionCall: { id: 'call_0', name: 'get_weather', args: { city: 'Paris', unit: 'celsius' } }, thoughtSignature: 'CiQBcsjafE2mN0b3Rz' },
    ]);
    expect(decode(text).events).toEqual(TOOL_STREAM);
  });

  it('gives the same events whatever the chunking', () => {
    const text = readFixture('stream-thought-text-tool.sse');
    for (const size of [1, 7, 64]) expect(decode(text, size).events).toEqual(TOOL_STREAM);
  });

  it('turns an in-stream error into an error event, the last one', () => {
    const { events } = decode(readFixture('stream-error-midway.sse'));
    expect(events.map((e) => e.type)).toEqual(['start', 'text-delta', 'text-delta', 'error']);
    expect(events.at(-1)).toEqual({
      type: 'error',
      error: { kind: 'overloaded', status: 503, message: 'The model is overloaded. Please try again later.', code: 'UNAVAILABLE' },
    });
  });

  it('ends a cut stream (no finishReason) with an error, never a finish', () => {
    const { events } = decode(readFixture('stream-cut.sse'));
    expect(events.map((e) => e.type)).toEqual(['start', 'text-delta', 'text-delta', 'error']);
    expect(decode('').events).toEqual([{ type: 'start' }, { type: 'error', error: expect.objectContaining({ kind: 'upstream' }) }]);
  });

  it('skips and records malformed events, ignores keep-alive comments, and goes on', () => {
    const text =
      ': keep-alive\n\n' +
      'data: {"candidates":[{"content":{"parts":[{"text":"a"}]}}]}\n\n' +
      'data: {not json\n\n' +
      'data: {"candidates":"nope"}\n\n' +
      'data: {"candidates":[{"content":{"parts":[{"text":"b"}]},"finishReason":"MAX_TOKENS"}],"usageMetadata":{"promptTokenCount":3,"candidatesTokenCount":2,"totalTokenCount":5}}\n\n';
    const { events, malformed } = decode(text);
    expect(events).toEqual([
      { type: 'start' },
      { type: 'text-delta', text: 'a' },
      { type: 'text-delta', text: 'b' },
      { type: 'finish', reason: 'length', rawReason: 'MAX_TOKENS', usage: { inputTokens: 3, outputTokens: 2 } },
    ]);
    expect(malformed).toHaveLength(2);
    expect(malformed[0]).toContain('not JSON');
    expect(malformed.join()).not.toContain('{not json');
  });

  it('keeps function call args exactly, an own "__proto__" key included', () => {
    const text = 'data: {"candidates":[{"content":{"parts":[{"functionCall":{"name":"f","args":{"__proto__":[1]}}}]},"finishReason":"STOP"}]}\n\n';
    expect(decode(text).events).toContainEqual({ type: 'tool-call-delta', id: 'call_0', argumentsDelta: '{"__proto__":[1]}' });
  });

  it('maps safety finishes and blocked prompts to content-filter', () => {
    const safety = decode('data: {"candidates":[{"finishReason":"SAFETY"}]}\n\n').events.at(-1);
    expect(safety).toMatchObject({ type: 'finish', reason: 'content-filter', rawReason: 'SAFETY' });
    const blocked = decode('data: {"promptFeedback":{"blockReason":"PROHIBITED_CONTENT"}}\n\n').events.at(-1);
    expect(blocked).toMatchObject({ type: 'finish', reason: 'content-filter', rawReason: 'PROHIBITED_CONTENT' });
  });
});
