import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { StreamEvent } from '../neutral/stream-event';
import type { Usage } from '../neutral/usage';
import { anthropicCodec } from './anthropic-codec';
import { STOP_REASONS } from './anthropic-api';
import { anthropicRequestArbitrary } from './anthropic-arbitraries';
import { finishReasonFromAnthropic } from './map-anthropic-finish-reason';

const asJSON = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

describe('parse then format a valid Anthropic request gives back the same JSON', () => {
  it('for any request', () => {
    fc.assert(
      fc.property(anthropicRequestArbitrary, (body) => {
        const request = anthropicCodec.parseRequest(body);
        const formatted = anthropicCodec.formatRequest(request);
        expect(formatted.warnings).toEqual([]);
        expect(asJSON(formatted.body)).toEqual(asJSON(body));
      }),
      { numRuns: 500 },
    );
  });
});

/* Streams: segments of events Anthropic can represent, each as its own content block. */
const delta = fc.string({ minLength: 1, maxLength: 8, unit: 'binary' });
const textSegment = fc.array(delta, { minLength: 1, maxLength: 3 }).map((parts): StreamEvent[] => parts.map((text) => ({ type: 'text-delta', text })));
const reasoningSegment = fc
  .tuple(fc.array(delta, { minLength: 1, maxLength: 3 }), fc.option(fc.string({ minLength: 1, maxLength: 10 }), { nil: undefined }))
  .map(([parts, signature]): StreamEvent[] => [
    ...parts.map((text): StreamEvent => ({ type: 'reasoning-delta', text })),
    ...(signature === undefined ? [] : [{ type: 'reasoning-delta', text: '', signature, signatureFrom: 'anthropic' } as StreamEvent]),
  ]);
const redactedSegment = fc
  .string({ maxLength: 10 })
  .map((data): StreamEvent[] => [{ type: 'reasoning-delta', text: '', signature: data, signatureFrom: 'anthropic', redacted: true }]);
const toolSegment = fc
  .tuple(fc.string({ maxLength: 6 }), fc.array(delta, { minLength: 1, maxLength: 3 }))
  .map(([name, parts]) => (id: string): StreamEvent[] => [
    { type: 'tool-call-start', id, name },
    ...parts.map((argumentsDelta): StreamEvent => ({ type: 'tool-call-delta', id, argumentsDelta })),
    { type: 'tool-call-end', id },
  ]);
const segment = fc.oneof(
  textSegment.map((events) => () => events),
  reasoningSegment.map((events) => () => events),
  redactedSegment.map((events) => () => events),
  toolSegment,
);
const usage: fc.Arbitrary<Usage> = fc
  .record({
    base: fc.nat(10_000),
    output: fc.nat(10_000),
    cached: fc.option(fc.nat(5000), { nil: undefined }),
    write: fc.option(fc.nat(5000), { nil: undefined }),
    reasoning: fc.option(fc.nat(100), { nil: undefined }),
  })
  .map(({ base, output, cached, write, reasoning }) => {
    const u: Usage = { inputTokens: base + (cached ?? 0) + (write ?? 0), outputTokens: output };
    if (reasoning !== undefined) u.reasoningTokens = reasoning;
    if (cached !== undefined) u.cachedInputTokens = cached;
    if (write !== undefined) u.cacheWriteTokens = write;
    return u;
  });
const finish = fc
  .record({
    raw: fc.constantFrom(...STOP_REASONS),
    stopSequence: fc.option(fc.string(), { nil: undefined }),
    usage,
    extra: fc.option(fc.record({ bench: fc.record({ call: fc.string(), seats: fc.nat() }) }), { nil: undefined }),
  })
  .map(
    ({ raw, stopSequence, usage: u, extra }): StreamEvent => ({
      type: 'finish',
      reason: finishReasonFromAnthropic(raw),
      rawReason: raw,
      // Anthropic names the matched string only with stop_reason "stop_sequence".
      ...(raw === 'stop_sequence' && stopSequence !== undefined ? { stopSequence } : {}),
      usage: u,
      ...(extra ? { extra } : {}),
    }),
  );
const stream = fc
  .tuple(fc.string({ minLength: 1, maxLength: 8 }), fc.string({ minLength: 1, maxLength: 8 }), fc.array(segment, { maxLength: 6 }), finish)
  .map(([id, model, segments, end]): StreamEvent[] => [{ type: 'start', id, model }, ...segments.flatMap((make, i) => make(`toolu_${i}`)), end]);

describe('encode then decode a stream gives back the same events', () => {
  it('for any stream Anthropic can represent, in any chunking', () => {
    fc.assert(
      fc.property(stream, fc.integer({ min: 1, max: 200 }), (events, size) => {
        const encoder = anthropicCodec.createStreamEncoder();
        let wire = '';
        for (const event of events) wire += encoder.encode(event);
        wire += encoder.end();
        const decoder = anthropicCodec.createStreamDecoder();
        const back: StreamEvent[] = [];
        for (let i = 0; i < wire.length; i += size) back.push(...decoder.push(wire.slice(i, i + size)));
        back.push(...decoder.end());
        expect(back).toEqual(events);
        expect(decoder.malformed).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });
});
