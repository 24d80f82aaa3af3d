import type { StreamEncoder, StreamEvent } from '@bench/formats';
import { describe, expect, it } from 'vitest';
import type { ReplyStream } from '../reply';
import { streamSink } from './stream-sink';

/** A reply stream that logs what it is asked to do. */
function recordingStream(): { stream: ReplyStream; calls: string[] } {
  const calls: string[] = [];
  const stream: ReplyStream = {
    write(text) {
      calls.push(`write ${text}`);
      return undefined;
    },
    sendNow: () => void calls.push('sendNow'),
    end: (text = '') => void calls.push(`end ${text}`),
    isClosed: false,
  };
  return { stream, calls };
}

const encoder: StreamEncoder = { encode: (event) => event.type, end: () => '' };

describe('streamSink', () => {
  it.each([
    ['text', { type: 'text-delta', text: 'hi' }],
    ['reasoning', { type: 'reasoning-delta', text: 'hmm' }],
    ['a tool call', { type: 'tool-call-start', id: 'c1', name: 'look' }],
  ] as const)('sends the first piece (%s) at once, once; the events before it and after it wait for the turn', (_kind, first) => {
    const { stream, calls } = recordingStream();
    const sink = streamSink(stream, encoder);
    const events: StreamEvent[] = [{ type: 'start' }, first, { type: 'text-delta', text: 'more' }, { type: 'finish', reason: 'stop' }];
    for (const event of events) sink.write(event);
    sink.end();
    expect(calls).toEqual(['write start', `write ${first.type}`, 'sendNow', 'write text-delta', 'write finish', 'end ']);
  });
});
