import { describe, expect, it } from 'vitest';
import type { StreamEvent } from '../neutral/stream-event';
import { anthropicCodec } from './anthropic-codec';

function encodeAll(events: StreamEvent[]): string {
  const encoder = anthropicCodec.createStreamEncoder();
  return events.map((event) => encoder.encode(event)).join('') + encoder.end();
}

const dataOf = (wire: string) =>
  wire
    .split('\n\n')
    .filter(Boolean)
    .map((frame) => {
      const [event, data] = frame.split('\n');
      return [event?.slice('event: '.length), JSON.parse(data?.slice('data: '.length) ?? 'null')] as const;
    });

describe('createStreamEncoder', () => {
  it('always writes the event: line (the SDK ignores events without one), and uses ping as keep-alive', () => {
    const wire = encodeAll([{ type: 'start' }, { type: 'text-delta', text: 'hi' }, { type: 'finish', reason: 'stop' }]);
    for (const frame of wire.split('\n\n').filter(Boolean)) expect(frame.startsWith('event: ')).toBe(true);
    expect(anthropicCodec.keepAlive).toBe('event: ping\ndata: {"type":"ping"}\n\n');
    expect(anthropicCodec.streamContentType).toBe('text/event-stream');
  });

  it('opens a new block when the kind changes, closes it, and writes a signature before closing thinking', () => {
    const frames = dataOf(
      encodeAll([
        { type: 'reasoning-delta', text: 'a' },
        { type: 'reasoning-delta', text: '', signature: 's1' },
        { type: 'reasoning-delta', text: '', signature: 'enc', redacted: true },
        { type: 'text-delta', text: 't' },
        { type: 'finish', reason: 'length', usage: { inputTokens: 10, outputTokens: 2 } },
      ]),
    );
    expect(frames.map(([event]) => event)).toEqual([
      'message_start',
      'content_block_start',
      'content_block_delta',
      'content_block_delta',
      'content_block_stop',
      'content_block_start',
      'content_block_stop',
      'content_block_start',
      'content_block_delta',
      'content_block_stop',
      'message_delta',
      'message_stop',
    ]);
    expect(frames[3]?.[1]).toEqual({ type: 'content_block_delta', index: 0, delta: { type: 'signature_delta', signature: 's1' } });
    expect(frames[5]?.[1]).toEqual({ type: 'content_block_start', index: 1, content_block: { type: 'redacted_thinking', data: 'enc' } });
    expect(frames[7]?.[1]).toEqual({ type: 'content_block_start', index: 2, content_block: { type: 'text', text: '' } });
    expect(frames[10]?.[1]).toEqual({
      type: 'message_delta',
      delta: { stop_reason: 'max_tokens', stop_sequence: null },
      usage: { input_tokens: 10, output_tokens: 2, cache_creation_input_tokens: null, cache_read_input_tokens: null },
    });
  });

  it('writes an error event for an error, and nothing after it', () => {
    const encoder = anthropicCodec.createStreamEncoder();
    encoder.encode({ type: 'start' });
    expect(encoder.encode({ type: 'error', error: { kind: 'rate-limit', message: 'every member is rate limited' } })).toBe(
      'event: error\ndata: {"type":"error","error":{"type":"rate_limit_error","message":"every member is rate limited"}}\n\n',
    );
    expect(encoder.encode({ type: 'text-delta', text: 'late' })).toBe('');
    expect(encoder.end()).toBe('');
  });
});
