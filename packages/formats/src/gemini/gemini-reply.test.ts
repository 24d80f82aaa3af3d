import { describe, expect, it } from 'vitest';
import { InvalidReplyError } from '../errors/invalid-reply-error';
import type { NeutralReply } from '../neutral/reply';
import { geminiCodec } from './gemini-codec';
import { readFixture } from './gemini-test-helpers';

describe('parseReply', () => {
  it('reads a captured reply: thought, text with a signature, usage with thoughts excluded from candidates', () => {
    const reply = geminiCodec.parseReply(JSON.parse(readFixture('reply-text.json')));
    expect(reply).toEqual({
      id: 'abc123',
      model: 'gemini-3-flash-preview',
      content: [
        { type: 'reasoning', text: 'The user asks for Paris.' },
        { type: 'reasoning', text: '', signature: 'CiQBcsjafE2', signatureFrom: 'gemini' },
        { type: 'text', text: 'It is 18 °C and sunny in Paris.' },
      ],
      finishReason: 'stop',
      rawFinishReason: 'STOP',
      usage: { inputTokens: 20, outputTokens: 32, reasoningTokens: 20 },
    });
  });

  it('formats it back as the same reply', () => {
    const wire = JSON.parse(readFixture('reply-text.json')) as Record<string, unknown>;
    const { value } = geminiCodec.formatReply(geminiCodec.parseReply(wire));
    const candidates = wire.candidates as Array<{ content: Record<string, unknown> }>;
    expect(value.candidates).toEqual(candidates);
    expect(value.usageMetadata).toEqual({ promptTokenCount: 20, candidatesTokenCount: 12, thoughtsTokenCount: 20, totalTokenCount: 52 });
  });

  it('gives id-less function calls deterministic ids and maps STOP with calls to tool-calls', () => {
    const reply = geminiCodec.parseReply({
      candidates: [{ content: { parts: [{ functionCall: { name: 'a', args: { x: 1 } } }, { functionCall: { name: 'b' } }] }, finishReason: 'STOP' }],
    });
    expect(reply.content).toEqual([
      { type: 'tool-call', id: 'call_0', name: 'a', arguments: '{"x":1}' },
      { type: 'tool-call', id: 'call_1', name: 'b', arguments: '{}' },
    ]);
    expect(reply.finishReason).toBe('tool-calls');
  });

  it('maps a blocked prompt to content-filter and keeps unmapped fields in extra', () => {
    const reply = geminiCodec.parseReply({ promptFeedback: { blockReason: 'SAFETY' }, usageMetadata: { promptTokenCount: 4 } });
    expect(reply.finishReason).toBe('content-filter');
    expect(reply.rawFinishReason).toBe('SAFETY');
    expect(reply.extra).toEqual({ promptFeedback: { blockReason: 'SAFETY' } });
  });

  it('throws InvalidReplyError for what is not a reply, or an error body', () => {
    expect(() => geminiCodec.parseReply('nope')).toThrow(InvalidReplyError);
    expect(() => geminiCodec.parseReply({ candidates: 'x' })).toThrow(InvalidReplyError);
    expect(() => geminiCodec.parseReply({ error: { code: 500, message: 'boom' } })).toThrow('boom');
  });
});

describe('formatReply', () => {
  it("writes extra (the gateway's bench) at the top level and echoes the model in modelVersion", () => {
    const reply: NeutralReply = {
      id: 'r',
      model: 'bench/core:all',
      content: [{ type: 'text', text: 'hi' }],
      finishReason: 'length',
      extra: { bench: { panel: 'p1' } },
    };
    const { value, warnings } = geminiCodec.formatReply(reply);
    expect(value).toEqual({
      candidates: [{ content: { role: 'model', parts: [{ text: 'hi' }] }, finishReason: 'MAX_TOKENS', index: 0 }],
      modelVersion: 'bench/core:all',
      responseId: 'r',
      bench: { panel: 'p1' },
    });
    expect(warnings).toEqual([]);
  });

  it('keeps a provider reason that means the same, and warns about what Gemini cannot hold', () => {
    const reply: NeutralReply = {
      id: 'r',
      model: 'm',
      content: [
        { type: 'reasoning', text: '', redacted: true, signature: 'opaque' },
        { type: 'text', text: 'x', extra: { citations: [] } },
      ],
      finishReason: 'content-filter',
      rawFinishReason: 'RECITATION',
      usage: { inputTokens: 3, cacheWriteTokens: 2 },
    };
    const { value, warnings } = geminiCodec.formatReply(reply);
    expect((value.candidates as Array<{ finishReason: string }>)[0]?.finishReason).toBe('RECITATION');
    expect(warnings.map((w) => `${w.code} ${w.path}`)).toEqual(['dropped content[0]', 'dropped content[1].citations', 'dropped usage.cacheWriteTokens']);
    expect(geminiCodec.formatReply({ ...reply, rawFinishReason: 'end_turn' }).value.candidates).toMatchObject([{ finishReason: 'SAFETY' }]);
  });
});
