import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FinishReason } from '../neutral/finish-reason';
import type { StreamEvent } from '../neutral/stream-event';
import { encodeAll } from './__fixtures__/sse-response';
import { openaiChatCodec } from './openai-chat-codec';

const text = fc.string({ minLength: 1, maxLength: 10 });

/** An output piece: text, reasoning, or a whole tool call (start, argument fragments, end). */
const piece = fc.oneof(
  text.map((t): StreamEvent[] => [{ type: 'text-delta', text: t }]),
  text.map((t): StreamEvent[] => [{ type: 'reasoning-delta', text: t }]),
  fc
    .record({ name: fc.stringMatching(/^[a-z_]{1,8}$/), args: fc.array(text, { maxLength: 4 }) })
    .map(({ name, args }): StreamEvent[] => [
      { type: 'tool-call-start', id: 'placeholder', name },
      ...args.map((argumentsDelta): StreamEvent => ({ type: 'tool-call-delta', id: 'placeholder', argumentsDelta })),
      { type: 'tool-call-end', id: 'placeholder' },
    ]),
);

// Raw reasons OpenAI has, so a decoded rawReason is the one encoded.
const RAW: Record<Exclude<FinishReason, 'error' | 'other'>, string> = {
  stop: 'stop',
  length: 'length',
  'tool-calls': 'tool_calls',
  'content-filter': 'content_filter',
};

const usage = fc.record(
  { inputTokens: fc.nat(), outputTokens: fc.nat(), reasoningTokens: fc.nat(), cachedInputTokens: fc.nat(), cacheWriteTokens: fc.nat() },
  { requiredKeys: ['inputTokens', 'outputTokens'] },
);

const stream = fc
  .record({
    start: fc.record({ id: fc.stringMatching(/^chatcmpl-[a-z0-9]{1,8}$/), model: fc.stringMatching(/^[a-z0-9-]{1,8}$/), created: fc.nat() }),
    pieces: fc.array(piece, { maxLength: 12 }),
    reason: fc.constantFrom<keyof typeof RAW>('stop', 'length', 'tool-calls', 'content-filter'),
    usage,
    split: fc.integer({ min: 1, max: 64 }),
  })
  .map(({ start, pieces, reason, usage, split }) => {
    let calls = 0;
    const events: StreamEvent[] = [{ type: 'start', ...start }];
    for (const group of pieces) {
      // Each tool call gets its own id; consecutive text/reasoning pieces stay as separate deltas.
      const callId = `call_${calls}`;
      if (group[0]!.type === 'tool-call-start') calls++;
      for (const event of group) events.push('id' in event && event.id === 'placeholder' ? { ...event, id: callId } : event);
    }
    events.push({ type: 'finish', reason, rawReason: RAW[reason], usage: usage as Required<typeof usage> });
    return { events, split };
  });

describe('encode then decode an OpenAI Chat stream', () => {
  it('gives back the same events, however the bytes are split', () => {
    fc.assert(
      fc.property(stream, ({ events, split }) => {
        const wire = encodeAll(events, { request: { model: 'm', system: [], messages: [], stream: true, streamUsage: true, extra: {} } });
        const decoder = openaiChatCodec.createStreamDecoder();
        const out: StreamEvent[] = [];
        for (let at = 0; at < wire.length; at += split) out.push(...decoder.push(wire.slice(at, at + split)));
        out.push(...decoder.end());
        expect(out).toEqual(events);
        expect(decoder.malformed).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it('gives back an error event as an error', () => {
    const events: StreamEvent[] = [
      { type: 'start', id: 'chatcmpl-1', model: 'm', created: 5 },
      { type: 'text-delta', text: 'a' },
      { type: 'error', error: { kind: 'rate-limit', message: 'slow down', code: 'rate_limit_exceeded' } },
    ];
    const decoder = openaiChatCodec.createStreamDecoder();
    const out = [...decoder.push(encodeAll(events)), ...decoder.end()];
    expect(out.slice(0, 2)).toEqual(events.slice(0, 2));
    expect(out[2]).toMatchObject({ type: 'error', error: { kind: 'rate-limit', message: 'slow down', code: 'rate_limit_exceeded' } });
  });
});
