import { describe, expect, it } from 'vitest';
import { ReplyAccumulator } from './reply-accumulator';
import type { StreamEvent } from './neutral/stream-event';

function accumulate(events: StreamEvent[], options?: { keepText?: boolean }) {
  const accumulator = new ReplyAccumulator(options);
  for (const event of events) accumulator.add(event);
  return accumulator;
}

describe('ReplyAccumulator', () => {
  it('given keepText: false, keeps where the text parts are but not their text, and everything else as it came', () => {
    const events: StreamEvent[] = [
      { type: 'reasoning-delta', text: 'think', signature: 'sig' },
      { type: 'text-delta', text: 'Hello' },
      { type: 'text-delta', text: ' there' },
      { type: 'tool-call-start', id: 'c1', name: 'read' },
      { type: 'tool-call-delta', id: 'c1', argumentsDelta: '{}' },
      { type: 'tool-call-end', id: 'c1' },
      { type: 'text-delta', text: 'after' },
      { type: 'finish', reason: 'tool-calls' },
    ];
    const whole = accumulate(events).toReply({ id: 'x', model: 'y' });
    const textless = accumulate(events, { keepText: false });
    expect(textless.toReply({ id: 'x', model: 'y' })).toEqual({
      ...whole,
      content: whole.content.map((part) => (part.type === 'text' ? { ...part, text: '' } : part)),
    });
    expect(textless.hasOutput).toBe(true);
    expect(textless.toolCallCount()).toBe(1);
  });

  it('keeps the order of reasoning, text and tool calls, with signatures and streamed arguments', () => {
    const accumulator = accumulate([
      { type: 'start', id: 'msg_1', model: 'm' },
      { type: 'reasoning-delta', text: 'think ' },
      { type: 'reasoning-delta', text: 'more' },
      { type: 'reasoning-delta', text: '', signature: 'sig' },
      { type: 'text-delta', text: 'Hello' },
      { type: 'text-delta', text: ' there' },
      { type: 'tool-call-start', id: 'c1', name: 'read' },
      { type: 'tool-call-delta', id: 'c1', argumentsDelta: '{"path":' },
      { type: 'tool-call-delta', id: 'c1', argumentsDelta: '"a"}' },
      { type: 'tool-call-end', id: 'c1' },
      { type: 'tool-call-start', id: 'c2', name: 'list' },
      { type: 'tool-call-end', id: 'c2' },
      { type: 'finish', reason: 'tool-calls', usage: { inputTokens: 3, outputTokens: 4 } },
    ]);
    expect(accumulator.toReply({ id: 'x', model: 'y' })).toEqual({
      id: 'msg_1',
      model: 'm',
      content: [
        { type: 'reasoning', text: 'think more', signature: 'sig' },
        { type: 'text', text: 'Hello there' },
        { type: 'tool-call', id: 'c1', name: 'read', arguments: '{"path":"a"}' },
        { type: 'tool-call', id: 'c2', name: 'list', arguments: '{}' },
      ],
      finishReason: 'tool-calls',
      usage: { inputTokens: 3, outputTokens: 4 },
    });
    expect(accumulator.toolCallCount()).toBe(2);
  });

  it('starts a new reasoning part after a signed one, and reports an error end', () => {
    const accumulator = accumulate([
      { type: 'reasoning-delta', text: 'a', signature: 's1' },
      { type: 'reasoning-delta', text: 'b' },
      { type: 'error', error: { kind: 'upstream', message: 'cut' } },
    ]);
    const reply = accumulator.toReply({ id: 'x', model: 'y' });
    expect(reply.content).toEqual([
      { type: 'reasoning', text: 'a', signature: 's1' },
      { type: 'reasoning', text: 'b' },
    ]);
    expect(reply.finishReason).toBe('error');
    expect(accumulator.error?.message).toBe('cut');
    expect(reply.id).toBe('x');
  });

  it('keeps the finish’s stop sequence and raw reason', () => {
    const reply = accumulate([
      { type: 'text-delta', text: 'a' },
      { type: 'finish', reason: 'stop', rawReason: 'stop_sequence', stopSequence: 'END' },
    ]).toReply({ id: 'x', model: 'y' });
    expect(reply).toMatchObject({ finishReason: 'stop', rawFinishReason: 'stop_sequence', stopSequence: 'END' });
  });
});
