import { describe, expect, it } from 'vitest';
import type { StreamEvent } from '../neutral/stream-event';
import { anthropicCodec } from './anthropic-codec';

/** Which of the caller's stop_sequences ended the reply: Anthropic's `stop_sequence`, in and out. */

const replyBody = (stopReason: string, stopSequence: string | null) => ({
  id: 'msg_1',
  type: 'message',
  role: 'assistant',
  model: 'claude-sonnet-4-5',
  content: [{ type: 'text', text: 'one, two, ' }],
  stop_reason: stopReason,
  stop_sequence: stopSequence,
  usage: { input_tokens: 9, output_tokens: 4 },
});

const frame = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

const streamBody = (delta: Record<string, unknown>) =>
  frame('message_start', {
    type: 'message_start',
    message: {
      id: 'msg_2',
      type: 'message',
      role: 'assistant',
      model: 'claude-sonnet-4-5',
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage: { input_tokens: 9, output_tokens: 1 },
    },
  }) +
  frame('content_block_start', { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } }) +
  frame('content_block_delta', { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'one, two, ' } }) +
  frame('content_block_stop', { type: 'content_block_stop', index: 0 }) +
  frame('message_delta', { type: 'message_delta', delta, usage: { output_tokens: 4 } }) +
  frame('message_stop', { type: 'message_stop' });

function decode(text: string): StreamEvent[] {
  const decoder = anthropicCodec.createStreamDecoder();
  return [...decoder.push(text), ...decoder.end()];
}

function messageDelta(events: StreamEvent[]): unknown {
  const encoder = anthropicCodec.createStreamEncoder();
  const wire = events.map((event) => encoder.encode(event)).join('') + encoder.end();
  const data = wire.split('\n\n').find((f) => f.startsWith('event: message_delta\n'));
  return (JSON.parse(data!.split('\n')[1]!.slice('data: '.length)) as { delta: unknown }).delta;
}

describe('a reply ended by a stop sequence', () => {
  it('parseReply keeps the matched string as stopSequence, not as an unmapped extra', () => {
    const reply = anthropicCodec.parseReply(replyBody('stop_sequence', 'three'));
    expect(reply.stopSequence).toBe('three');
    expect(reply.finishReason).toBe('stop');
    expect(reply.rawFinishReason).toBe('stop_sequence');
    expect(reply.extra).toBeUndefined();
  });

  it('formatReply writes stop_reason "stop_sequence" with the string, as it came', () => {
    const value = anthropicCodec.formatReply(anthropicCodec.parseReply(replyBody('stop_sequence', 'three'))).value;
    expect([value.stop_reason, value.stop_sequence]).toEqual(['stop_sequence', 'three']);
  });

  it('formatReply writes stop_reason "stop_sequence" for a plain stop with a stopSequence from another provider', () => {
    const value = anthropicCodec.formatReply({
      id: 'm',
      model: 'x',
      content: [{ type: 'text', text: 'a' }],
      finishReason: 'stop',
      rawFinishReason: 'stop',
      stopSequence: '</answer>',
    }).value;
    expect([value.stop_reason, value.stop_sequence]).toEqual(['stop_sequence', '</answer>']);
  });

  it('a reply without one keeps stop_sequence null', () => {
    const reply = anthropicCodec.parseReply(replyBody('end_turn', null));
    expect('stopSequence' in reply).toBe(false);
    const value = anthropicCodec.formatReply(reply).value;
    expect([value.stop_reason, value.stop_sequence]).toEqual(['end_turn', null]);
  });

  it('a stopSequence never rides on another stop_reason: a reply cut by length writes null', () => {
    const value = anthropicCodec.formatReply({ id: 'm', model: 'x', content: [], finishReason: 'length', stopSequence: 'three' }).value;
    expect([value.stop_reason, value.stop_sequence]).toEqual(['max_tokens', null]);
  });
});

describe('a stream ended by a stop sequence', () => {
  it('the decoder puts message_delta’s stop_sequence on the finish event', () => {
    const finish = decode(streamBody({ stop_reason: 'stop_sequence', stop_sequence: 'three' })).at(-1);
    expect(finish).toEqual({ type: 'finish', reason: 'stop', rawReason: 'stop_sequence', stopSequence: 'three', usage: { inputTokens: 9, outputTokens: 4 } });
  });

  it('the encoder writes it back in message_delta', () => {
    expect(messageDelta(decode(streamBody({ stop_reason: 'stop_sequence', stop_sequence: 'three' })))).toEqual({
      stop_reason: 'stop_sequence',
      stop_sequence: 'three',
    });
  });

  it('the encoder writes stop_reason "stop_sequence" for a plain stop with a stopSequence from another provider', () => {
    expect(messageDelta([{ type: 'finish', reason: 'stop', rawReason: 'stop', stopSequence: '</answer>' }])).toEqual({
      stop_reason: 'stop_sequence',
      stop_sequence: '</answer>',
    });
  });

  it('a stream without one keeps stop_sequence null', () => {
    const events = decode(streamBody({ stop_reason: 'end_turn', stop_sequence: null }));
    expect(events.at(-1)).not.toHaveProperty('stopSequence');
    expect(messageDelta(events)).toEqual({ stop_reason: 'end_turn', stop_sequence: null });
  });
});
