import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { StreamEvent } from '../neutral/stream-event';
import { ollamaCodec } from './ollama-codec';

/** Wire field names (a `$` key is a private hint, never written). */
const json: fc.Arbitrary<Record<string, unknown>> = fc.dictionary(
  fc.string({ minLength: 1, maxLength: 8 }).filter((key) => !key.startsWith('$')),
  fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null), fc.array(fc.integer(), { maxLength: 3 })),
  { maxKeys: 4 },
);

/** One piece of a turn in the form Ollama can represent: whole tool calls, non-empty text. */
const piece: fc.Arbitrary<StreamEvent[]> = fc.oneof(
  fc.string({ minLength: 1 }).map((text): StreamEvent[] => [{ type: 'text-delta', text }]),
  fc.string({ minLength: 1 }).map((text): StreamEvent[] => [{ type: 'reasoning-delta', text }]),
  fc
    .record({ id: fc.stringMatching(/^call_[a-z0-9]{1,8}$/), name: fc.stringMatching(/^[a-z_]{1,12}$/), args: json })
    .map(({ id, name, args }): StreamEvent[] => [
      { type: 'tool-call-start', id, name },
      { type: 'tool-call-delta', id, argumentsDelta: JSON.stringify(args) },
      { type: 'tool-call-end', id },
    ]),
);

/** Finish extra keys that are not fields the decoder maps. */
const finishExtra = json.map((extra) => {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(extra))
    if (
      !['model', 'created_at', 'message', 'response', 'thinking', 'done', 'done_reason', 'prompt_eval_count', 'eval_count', 'error', '__proto__'].includes(key)
    )
      out[key] = value;
  return out;
});

const turn = fc
  .record({
    model: fc.string({ minLength: 1, maxLength: 20 }),
    created: fc.integer({ min: 0, max: 4_000_000_000 }),
    pieces: fc.array(piece, { maxLength: 8 }),
    length: fc.boolean(),
    usage: fc.option(fc.record({ inputTokens: fc.nat(), outputTokens: fc.nat() }), { nil: undefined }),
    extra: finishExtra,
  })
  .map(({ model, created, pieces, length, usage, extra }): StreamEvent[] => {
    const body = pieces.flat();
    const toolCalls = body.some((event) => event.type === 'tool-call-start');
    const finish: StreamEvent = {
      type: 'finish',
      reason: toolCalls ? 'tool-calls' : length ? 'length' : 'stop',
      rawReason: length && !toolCalls ? 'length' : 'stop',
    };
    if (usage) finish.usage = usage;
    if (Object.keys(extra).length > 0) finish.extra = extra;
    return [{ type: 'start', model, created }, ...body, finish];
  });

describe('Ollama stream: encode then decode', () => {
  it('gives back the same events, in any chunking', () => {
    fc.assert(
      fc.property(turn, fc.integer({ min: 1, max: 64 }), (events, size) => {
        const encoder = ollamaCodec.createStreamEncoder();
        const text = events.map((event) => encoder.encode(event)).join('') + encoder.end();
        const decoder = ollamaCodec.createStreamDecoder();
        const decoded: StreamEvent[] = [];
        for (let i = 0; i < text.length; i += size) decoded.push(...decoder.push(text.slice(i, i + size)));
        decoded.push(...decoder.end());
        expect(decoder.malformed).toEqual([]);
        expect(decoded).toEqual(events);
      }),
      { numRuns: 300 },
    );
  });

  it('an error event comes back as an error event', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), (message) => {
        const encoder = ollamaCodec.createStreamEncoder();
        const text = encoder.encode({ type: 'error', error: { kind: 'upstream', message } }) + encoder.end();
        const decoder = ollamaCodec.createStreamDecoder();
        const decoded = [...decoder.push(text), ...decoder.end()];
        expect(decoded).toEqual([{ type: 'start' }, { type: 'error', error: expect.objectContaining({ message }) }]);
      }),
    );
  });
});
