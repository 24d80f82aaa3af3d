import { describe, expect, it } from 'vitest';
import type { StreamEvent } from '../neutral/stream-event';
import { openaiResponsesCodec } from './openai-responses-codec';
import { fixtureText } from './read-fixture';

const fixture = fixtureText;

function decode(text: string, chunkSize = text.length): { events: StreamEvent[]; malformed: readonly string[] } {
  const decoder = openaiResponsesCodec.createStreamDecoder();
  const events: StreamEvent[] = [];
  for (let at = 0; at < text.length; at += chunkSize) events.push(...decoder.push(text.slice(at, at + chunkSize)));
  events.push(...decoder.end());
  return { events, malformed: decoder.malformed };
}

const CALL = 'call_Qx1m3T9pLk2Vb7Rz';

const expected: StreamEvent[] = [
  { type: 'start', id: 'resp_68a1f0c2b5d88191a4c3e0f5b2d7a9e1', model: 'gpt-5-mini-2025-08-07', created: 1755443394 },
  { type: 'reasoning-delta', text: '**Checking' },
  { type: 'reasoning-delta', text: ' the weather**\n\nThe user' },
  { type: 'reasoning-delta', text: ' asks about Paris.' },
  { type: 'reasoning-delta', text: '', signature: 'gAAAAABoofDE-final-blob==', signatureFrom: 'openai-responses' },
  { type: 'text-delta', text: 'Let me' },
  { type: 'text-delta', text: ' check Paris' },
  { type: 'text-delta', text: ' for you.' },
  { type: 'tool-call-start', id: CALL, name: 'get_weather' },
  { type: 'tool-call-delta', id: CALL, argumentsDelta: '{"' },
  { type: 'tool-call-delta', id: CALL, argumentsDelta: 'city' },
  { type: 'tool-call-delta', id: CALL, argumentsDelta: '":"' },
  { type: 'tool-call-delta', id: CALL, argumentsDelta: 'Paris' },
  { type: 'tool-call-delta', id: CALL, argumentsDelta: '"}' },
  { type: 'tool-call-end', id: CALL },
  {
    type: 'finish',
    reason: 'tool-calls',
    rawReason: 'completed',
    usage: { inputTokens: 812, outputTokens: 157, reasoningTokens: 128, cachedInputTokens: 768 },
  },
];

describe('openai-responses stream decoder', () => {
  it.each([Infinity, 1, 7, 64])('decodes a captured stream (reasoning, text, a split tool call, usage) in chunks of %s', (size) => {
    const text = fixture('stream-reasoning-text-tool-call.sse');
    const { events, malformed } = decode(text, Number.isFinite(size) ? size : text.length);
    expect(events).toEqual(expected);
    expect(malformed).toEqual([]);
  });

  it('maps response.incomplete (max_output_tokens) to a length finish with usage', () => {
    const { events } = decode(fixture('stream-incomplete.sse'));
    expect(events.at(-1)).toEqual({
      type: 'finish',
      reason: 'length',
      rawReason: 'max_output_tokens',
      usage: { inputTokens: 20, outputTokens: 16, reasoningTokens: 12, cachedInputTokens: 0 },
    });
  });

  it('maps response.failed to an error event, after the text that came', () => {
    const { events } = decode(fixture('stream-failed.sse'));
    expect(events.map((event) => event.type)).toEqual(['start', 'text-delta', 'error']);
    expect(events.at(-1)).toMatchObject({
      type: 'error',
      error: { kind: 'upstream', code: 'server_error', message: expect.stringContaining('server had an error') },
    });
  });

  it('maps an in-stream error event to an error, classified (rate limit)', () => {
    const { events } = decode(fixture('stream-error-event.sse'));
    expect(events).toEqual([
      { type: 'start', id: 'resp_68a1f0c2b5d88191a4c3e0f5b2d7a9e1', model: 'gpt-5-mini-2025-08-07', created: 1755443394 },
      { type: 'error', error: expect.objectContaining({ kind: 'rate-limit', code: 'rate_limit_exceeded' }) },
    ]);
  });

  it('a cut stream ends in an error, never a finish, and closes nothing it did not open', () => {
    const text = fixture('stream-reasoning-text-tool-call.sse');
    const cut = text.slice(0, text.indexOf('event: response.function_call_arguments.done'));
    const { events } = decode(cut);
    expect(events.filter((event) => event.type === 'finish')).toEqual([]);
    expect(events.at(-1)).toMatchObject({ type: 'error', error: { kind: 'upstream' } });
  });

  it('an empty stream still starts, then errors', () => {
    expect(decode('').events.map((event) => event.type)).toEqual(['start', 'error']);
  });

  it('skips and records a malformed event, and goes on', () => {
    const text = fixture('stream-incomplete.sse').replace(
      'event: response.output_text.delta',
      'event: response.output_text.delta\ndata: {not json\n\nevent: response.output_text.delta\ndata: {"type":7}\n\nevent: response.output_text.delta',
    );
    const { events, malformed } = decode(text);
    expect(malformed).toHaveLength(2);
    expect(malformed.join(' ')).not.toContain('not json');
    expect(events.map((event) => event.type)).toEqual(['start', 'text-delta', 'finish']);
  });

  it('names a call that came without any id call_<n>', () => {
    const lines = [
      { type: 'response.created', response: { id: 'resp_1', model: 'm', created_at: 1 } },
      { type: 'response.output_item.added', output_index: 0, item: { type: 'function_call', name: 'f', arguments: '' } },
      { type: 'response.function_call_arguments.delta', output_index: 0, delta: '{}' },
      { type: 'response.completed', response: { status: 'completed' } },
    ];
    const { events } = decode(lines.map((line) => `event: ${line.type}\ndata: ${JSON.stringify(line)}\n\n`).join(''));
    expect(events.slice(1, 4)).toEqual([
      { type: 'tool-call-start', id: 'call_0', name: 'f' },
      { type: 'tool-call-delta', id: 'call_0', argumentsDelta: '{}' },
      { type: 'tool-call-end', id: 'call_0' },
    ]);
  });

  it('gives a call whose arguments came only whole one delta with them', () => {
    const lines = [
      { type: 'response.created', response: { id: 'resp_1', model: 'm', created_at: 1 } },
      { type: 'response.output_item.added', output_index: 0, item: { id: 'fc_1', type: 'function_call', call_id: 'call_1', name: 'f', arguments: '' } },
      { type: 'response.output_item.done', output_index: 0, item: { id: 'fc_1', type: 'function_call', call_id: 'call_1', name: 'f', arguments: '{"a":1}' } },
      { type: 'response.completed', response: { status: 'completed', output: [] } },
    ];
    const { events } = decode(lines.map((line) => `event: ${line.type}\ndata: ${JSON.stringify(line)}\n\n`).join(''));
    expect(events.slice(1)).toEqual([
      { type: 'tool-call-start', id: 'call_1', name: 'f' },
      { type: 'tool-call-delta', id: 'call_1', argumentsDelta: '{"a":1}' },
      { type: 'tool-call-end', id: 'call_1' },
      { type: 'finish', reason: 'tool-calls', rawReason: 'completed' },
    ]);
  });
});
