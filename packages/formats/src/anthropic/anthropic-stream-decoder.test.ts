import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { StreamEvent } from '../neutral/stream-event';
import { anthropicCodec } from './anthropic-codec';

const fixture = (name: string) => readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url), 'utf8');

function decodeInChunks(text: string, size: number): { events: StreamEvent[]; malformed: readonly string[] } {
  const decoder = anthropicCodec.createStreamDecoder();
  const events: StreamEvent[] = [];
  for (let i = 0; i < text.length; i += size) events.push(...decoder.push(text.slice(i, i + size)));
  events.push(...decoder.end());
  return { events, malformed: decoder.malformed };
}

const expected: StreamEvent[] = [
  { type: 'start', id: 'msg_01XFDUDYJgAACzvnptvVoYEL', model: 'claude-sonnet-4-5-20250929' },
  { type: 'reasoning-delta', text: 'The user asks about the weather in Paris. ' },
  { type: 'reasoning-delta', text: 'I should call get_weather.' },
  { type: 'reasoning-delta', text: '', signature: 'EqQBCgIYAhIM1gbcDa9GJwZA2b3hGgxBdjrkzLoky3dl1pkiMOYds', signatureFrom: 'anthropic' },
  { type: 'text-delta', text: 'Let me check ' },
  { type: 'text-delta', text: 'the weather in Paris.' },
  { type: 'tool-call-start', id: 'toolu_01T1x1fJ34qAmk2tNTrN7Up6', name: 'get_weather' },
  { type: 'tool-call-delta', id: 'toolu_01T1x1fJ34qAmk2tNTrN7Up6', argumentsDelta: '{"city": "Pa' },
  { type: 'tool-call-delta', id: 'toolu_01T1x1fJ34qAmk2tNTrN7Up6', argumentsDelta: 'ris", "unit": "celsius"}' },
  { type: 'tool-call-end', id: 'toolu_01T1x1fJ34qAmk2tNTrN7Up6' },
  {
    type: 'finish',
    reason: 'tool-calls',
    rawReason: 'tool_use',
    usage: { inputTokens: 472 + 2048 + 16, outputTokens: 89, reasoningTokens: 31, cachedInputTokens: 2048, cacheWriteTokens: 16 },
  },
];

describe('createStreamDecoder on captured frames', () => {
  it.each([1, 7, 64, 100_000])('decodes thinking, text, a tool call split across deltas and usage (chunks of %i)', (size) => {
    const { events, malformed } = decodeInChunks(fixture('stream-thinking-text-tool.sse'), size);
    expect(events).toEqual(expected);
    expect(malformed).toEqual([]);
  });

  it('turns an in-stream error event into an error event, last', () => {
    const { events } = decodeInChunks(fixture('stream-overloaded-midway.sse'), 50);
    expect(events).toEqual([
      { type: 'start', id: 'msg_01Overload', model: 'claude-sonnet-4-5-20250929' },
      { type: 'text-delta', text: 'Partial' },
      { type: 'error', error: { kind: 'overloaded', status: 529, message: 'Overloaded', code: 'overloaded_error' } },
    ]);
  });

  it('a cut stream ends in an error, never a finish', () => {
    const text = fixture('stream-thinking-text-tool.sse');
    const cut = text.slice(0, text.indexOf('event: message_delta'));
    const { events } = decodeInChunks(cut, 33);
    expect(events.at(-1)).toEqual({ type: 'error', error: { kind: 'upstream', message: 'the Anthropic stream ended before message_stop' } });
    expect(events.filter((e) => e.type === 'finish')).toEqual([]);
  });

  it('a stream missing only message_stop still finishes, with its usage', () => {
    const text = fixture('stream-thinking-text-tool.sse');
    const { events } = decodeInChunks(text.slice(0, text.indexOf('event: message_stop')), 1000);
    expect(events.at(-1)).toEqual(expected.at(-1));
  });

  it('skips and records malformed events, and goes on', () => {
    const text = fixture('stream-thinking-text-tool.sse').replace(
      'event: content_block_stop\ndata: {"type":"content_block_stop","index":1}',
      'event: content_block_delta\ndata: {not json\n\nevent: content_block_delta\ndata: {"type":"content_block_delta","index":1}\n\nevent: content_block_stop\ndata: {"type":"content_block_stop","index":1}',
    );
    const { events, malformed } = decodeInChunks(text, 20);
    expect(events).toEqual(expected);
    expect(malformed).toEqual(['content_block_delta event: data is not a JSON object', 'content_block_delta without index or delta']);
  });

  it('gives a tool called with no arguments the empty object, and emits start before an early error', () => {
    const noArgs =
      [
        'event: message_start\ndata: {"type":"message_start","message":{"id":"m","model":"x","usage":{"input_tokens":1,"output_tokens":0}}}',
        'event: content_block_start\ndata: {"type":"content_block_start","index":0,"content_block":{"type":"tool_use","id":"t","name":"now","input":{}}}',
        'event: content_block_delta\ndata: {"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":""}}',
        'event: content_block_stop\ndata: {"type":"content_block_stop","index":0}',
        'event: message_delta\ndata: {"type":"message_delta","delta":{"stop_reason":"tool_use"},"usage":{"output_tokens":3}}',
        'event: message_stop\ndata: {"type":"message_stop"}',
      ].join('\n\n') + '\n\n';
    expect(decodeInChunks(noArgs, 10).events.slice(1, 4)).toEqual([
      { type: 'tool-call-start', id: 't', name: 'now' },
      { type: 'tool-call-delta', id: 't', argumentsDelta: '{}' },
      { type: 'tool-call-end', id: 't' },
    ]);
    const early = decodeInChunks('event: error\ndata: {"type":"error","error":{"type":"rate_limit_error","message":"slow down"}}\n\n', 10).events;
    expect(early).toEqual([{ type: 'start' }, { type: 'error', error: { kind: 'rate-limit', status: 429, message: 'slow down', code: 'rate_limit_error' } }]);
  });
});
