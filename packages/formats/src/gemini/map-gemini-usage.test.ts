import { describe, expect, it } from 'vitest';
import { mapGeminiFinishReason, toGeminiFinishReason } from './map-gemini-finish-reason';
import { mapGeminiUsage, toGeminiUsage } from './map-gemini-usage';

describe('usage', () => {
  it('adds thoughts to output (Gemini candidates exclude them) and back', () => {
    const wire = { promptTokenCount: 100, candidatesTokenCount: 30, thoughtsTokenCount: 70, cachedContentTokenCount: 40, totalTokenCount: 200 };
    const neutral = mapGeminiUsage(wire);
    expect(neutral).toEqual({ inputTokens: 100, outputTokens: 100, reasoningTokens: 70, cachedInputTokens: 40 });
    expect(toGeminiUsage(neutral!)).toEqual(wire);
  });

  it('leaves out what was not counted', () => {
    expect(mapGeminiUsage({ promptTokenCount: 5 })).toEqual({ inputTokens: 5 });
    expect(mapGeminiUsage(undefined)).toBeUndefined();
    expect(toGeminiUsage({ inputTokens: 5, outputTokens: 2 })).toEqual({ promptTokenCount: 5, candidatesTokenCount: 2, totalTokenCount: 7 });
  });
});

describe('finish reasons', () => {
  it('maps Gemini reasons to neutral', () => {
    expect(mapGeminiFinishReason('STOP', false)).toBe('stop');
    expect(mapGeminiFinishReason('STOP', true)).toBe('tool-calls');
    expect(mapGeminiFinishReason('MAX_TOKENS', false)).toBe('length');
    for (const raw of ['SAFETY', 'RECITATION', 'BLOCKLIST', 'PROHIBITED_CONTENT', 'SPII']) expect(mapGeminiFinishReason(raw, false)).toBe('content-filter');
    expect(mapGeminiFinishReason('MALFORMED_FUNCTION_CALL', false)).toBe('error');
    expect(mapGeminiFinishReason('OTHER', false)).toBe('other');
    expect(mapGeminiFinishReason('LANGUAGE', false)).toBe('other');
  });

  it('maps neutral reasons to Gemini', () => {
    expect(['stop', 'tool-calls', 'length', 'content-filter', 'error', 'other'].map((r) => toGeminiFinishReason(r as never))).toEqual([
      'STOP',
      'STOP',
      'MAX_TOKENS',
      'SAFETY',
      'OTHER',
      'OTHER',
    ]);
    expect(toGeminiFinishReason('error', 'MALFORMED_FUNCTION_CALL')).toBe('MALFORMED_FUNCTION_CALL');
    expect(toGeminiFinishReason('stop', 'end_turn')).toBe('STOP');
  });
});
