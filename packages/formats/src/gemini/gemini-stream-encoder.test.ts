import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { StreamEvent } from '../neutral/stream-event';
import { geminiCodec } from './gemini-codec';

function encode(events: StreamEvent[], options?: Parameters<typeof geminiCodec.createStreamEncoder>[0]): string {
  const encoder = geminiCodec.createStreamEncoder(options);
  return events.map((e) => encoder.encode(e)).join('') + encoder.end();
}

function decode(text: string): StreamEvent[] {
  const decoder = geminiCodec.createStreamDecoder();
  return [...decoder.push(text), ...decoder.end()];
}

function chunks(text: string): unknown[] {
  return text
    .split('\n\n')
    .filter(Boolean)
    .map((line) => {
      expect(line.startsWith('data: ')).toBe(true);
      return JSON.parse(line.slice('data: '.length)) as unknown;
    });
}

describe('Gemini stream encoder', () => {
  it('writes one GenerateContentResponse per piece, a whole function call, finish and extra on the last', () => {
    const text = encode([
      { type: 'start', id: 'r1', model: 'bench/core' },
      { type: 'reasoning-delta', text: 'hmm' },
      { type: 'text-delta', text: 'Hi' },
      { type: 'reasoning-delta', text: '', signature: 'sig' },
      { type: 'tool-call-start', id: 'c1', name: 'f' },
      { type: 'tool-call-delta', id: 'c1', argumentsDelta: '{"a":' },
      { type: 'tool-call-delta', id: 'c1', argumentsDelta: '1}' },
      { type: 'tool-call-end', id: 'c1' },
      { type: 'finish', reason: 'tool-calls', usage: { inputTokens: 5, outputTokens: 9, reasoningTokens: 4 }, extra: { bench: { call: 'k1' } } },
    ]);
    const tail = { modelVersion: 'bench/core', responseId: 'r1' };
    expect(chunks(text)).toEqual([
      { candidates: [{ content: { role: 'model', parts: [{ text: 'hmm', thought: true }] }, index: 0 }], ...tail },
      { candidates: [{ content: { role: 'model', parts: [{ text: 'Hi' }] }, index: 0 }], ...tail },
      {
        candidates: [{ content: { role: 'model', parts: [{ functionCall: { id: 'c1', name: 'f', args: { a: 1 } }, thoughtSignature: 'sig' }] }, index: 0 }],
        ...tail,
      },
      {
        candidates: [{ content: { role: 'model', parts: [] }, finishReason: 'STOP', index: 0 }],
        usageMetadata: { promptTokenCount: 5, candidatesTokenCount: 5, thoughtsTokenCount: 4, totalTokenCount: 14 },
        ...tail,
        bench: { call: 'k1' },
      },
    ]);
  });

  it('writes a function call that streamed no arguments with empty args, as valid JSON', () => {
    const text = encode([
      { type: 'start', id: 'r1', model: 'g' },
      { type: 'tool-call-start', id: 'call_1', name: 'list_files' },
      { type: 'tool-call-end', id: 'call_1' },
      { type: 'finish', reason: 'tool-calls' },
    ]);
    const parts = chunks(text).flatMap((chunk) => (chunk as { candidates?: Array<{ content?: { parts?: unknown[] } }> }).candidates?.[0]?.content?.parts ?? []);
    expect(parts).toContainEqual({ functionCall: { id: 'call_1', name: 'list_files', args: {} } });
  });

  it("writes an error event as Gemini's in-stream error, and nothing after it", () => {
    const encoder = geminiCodec.createStreamEncoder({ model: 'm' });
    const out = encoder.encode({ type: 'error', error: { kind: 'rate-limit', message: 'slow down' } });
    expect(out).toBe('data: {"error":{"code":429,"message":"slow down","status":"RESOURCE_EXHAUSTED"}}\n\n');
    expect(encoder.encode({ type: 'text-delta', text: 'late' })).toBe('');
    expect(encoder.end()).toBe('');
  });

  it('ends a stream without finish or error with an error event', () => {
    const text = encode([{ type: 'text-delta', text: 'partial' }], { model: 'm', id: 'i' });
    expect(chunks(text).at(-1)).toEqual({ error: { code: 502, message: expect.any(String), status: 'INTERNAL' } });
    expect(decode(text).at(-1)).toMatchObject({ type: 'error', error: { kind: 'upstream', status: 502 } });
  });
});

/** Event sequences Gemini can represent: whole tool calls (one delta of a JSON object), no empty texts. */
const piece = fc.oneof(
  fc.string({ minLength: 1 }).map((text): StreamEvent[] => [{ type: 'text-delta', text }]),
  fc.string({ minLength: 1 }).map((text): StreamEvent[] => [{ type: 'reasoning-delta', text }]),
  fc
    .tuple(fc.string({ minLength: 1 }), fc.string({ minLength: 1 }))
    .map(([text, signature]): StreamEvent[] => [{ type: 'reasoning-delta', text, signature, signatureFrom: 'gemini' }]),
  fc.string({ minLength: 1 }).map((signature): StreamEvent[] => [
    { type: 'reasoning-delta', text: '', signature, signatureFrom: 'gemini' },
    { type: 'text-delta', text: 'x' },
  ]),
  fc.string({ minLength: 1 }).map((signature): StreamEvent[] => [{ type: 'reasoning-delta', text: '', signature, signatureFrom: 'gemini' }]),
  fc.tuple(fc.string({ minLength: 1 }), fc.string({ minLength: 1 }), fc.dictionary(fc.string(), fc.jsonValue())).map(([id, name, args]): StreamEvent[] => [
    { type: 'tool-call-start', id, name },
    { type: 'tool-call-delta', id, argumentsDelta: JSON.stringify(args) },
    { type: 'tool-call-end', id },
  ]),
);
const usage = fc.record({ inputTokens: fc.nat(), outputTokens: fc.nat(), cachedInputTokens: fc.nat() }, { requiredKeys: ['inputTokens', 'outputTokens'] });
const ending = fc.oneof(
  fc
    .tuple(fc.constantFrom('stop' as const, 'length' as const, 'content-filter' as const), usage)
    .map(([reason, u]): StreamEvent => ({ type: 'finish', reason, usage: u })),
  fc.constantFrom<StreamEvent>(
    { type: 'error', error: { kind: 'unavailable', status: 503, message: 'busy', code: 'UNAVAILABLE' } },
    { type: 'error', error: { kind: 'invalid-request', status: 400, message: 'bad', code: 'INVALID_ARGUMENT' } },
  ),
);

describe('encode then decode (property)', () => {
  it('gives back the same events', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), fc.string({ minLength: 1 }), fc.array(piece, { maxLength: 8 }), ending, (id, model, pieces, last) => {
        const body = pieces.flat();
        const hasCalls = body.some((e) => e.type === 'tool-call-start');
        const final: StreamEvent = last.type === 'finish' && last.reason === 'stop' && hasCalls ? { ...last, reason: 'tool-calls' } : last;
        const events: StreamEvent[] = [{ type: 'start', id, model }, ...body, final];
        const decoded = decode(encode(events));
        const expected = events.map((e) => (e.type === 'finish' ? { ...e, rawReason: expect.any(String) } : e));
        // Gemini's error chunk has no responseId/modelVersion: with nothing before it, the start has neither.
        if (body.length === 0 && final.type === 'error') expected[0] = { type: 'start' };
        expect(decoded).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });
});
