import { describe, expect, it } from 'vitest';
import { callCost, usageCost } from './call-cost';

const tokens = (input: number, output: number, cacheRead = 0, cacheWrite = 0) => ({ input, output, cacheRead, cacheWrite });

describe('callCost', () => {
  it('prices input and output tokens per million', () => {
    expect(callCost(tokens(2_000_000, 1_000_000), { input: 0.5, output: 1.5 })).toBeCloseTo(2.5, 12);
    expect(callCost(tokens(0, 0), { input: 3, output: 15 })).toBe(0);
  });

  it('is unknown (null) without a price, not zero', () => {
    expect(callCost(tokens(100, 100), undefined)).toBeNull();
  });

  it('prices cache reads and writes at their own prices, the rest of the input at the input price', () => {
    // A Claude Code turn: 100k input, of which 95k read from the cache and 3k written to it.
    const price = { input: 5, output: 25, cacheRead: 0.5, cacheWrite: 6.25 };
    expect(callCost(tokens(100_000, 1_000, 95_000, 3_000), price)).toBeCloseTo((2_000 * 5 + 95_000 * 0.5 + 3_000 * 6.25 + 1_000 * 25) / 1e6, 12);
  });

  it('prices cache reads and writes at the input price when the price does not set theirs', () => {
    expect(callCost(tokens(100_000, 0, 95_000, 3_000), { input: 5, output: 25 })).toBeCloseTo(0.5, 12);
    expect(callCost(tokens(100_000, 0, 95_000, 3_000), { input: 5, output: 25, cacheRead: 0.5 })).toBeCloseTo((5_000 * 5 + 95_000 * 0.5) / 1e6, 12);
  });

  it('prices hour-long cache writes at cacheWrite1h, else as other writes', () => {
    const tokens = { input: 10_000, output: 0, cacheRead: 0, cacheWrite: 4_000, cacheWrite1h: 3_000 };
    expect(callCost(tokens, { input: 5, output: 25, cacheWrite: 6.25, cacheWrite1h: 10 })).toBeCloseTo((6_000 * 5 + 1_000 * 6.25 + 3_000 * 10) / 1e6, 12);
    expect(callCost(tokens, { input: 5, output: 25, cacheWrite: 6.25 })).toBeCloseTo((6_000 * 5 + 4_000 * 6.25) / 1e6, 12);
  });

  describe('a long-context tier', () => {
    // Claude Sonnet's published rates: $3 / $15, and $6 / $22.50 for a request over 200K input tokens.
    const sonnet = { input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75, cacheWrite1h: 6, longContext: { above: 200_000, input: 6, output: 22.5 } };

    it('bills the whole call at the tier once its input, cache included, is over the threshold', () => {
      expect(callCost(tokens(200_000, 1_000), sonnet)).toBeCloseTo((200_000 * 3 + 1_000 * 15) / 1e6, 12);
      expect(callCost(tokens(200_001, 1_000), sonnet)).toBeCloseTo((200_001 * 6 + 1_000 * 22.5) / 1e6, 12);
      // Mostly read from the cache: the reads count toward the threshold, and are billed at the tier's cache rate.
      expect(callCost(tokens(250_000, 1_000, 240_000), sonnet)).toBeCloseTo((10_000 * 6 + 240_000 * 0.6 + 1_000 * 22.5) / 1e6, 12);
    });

    it('scales the cache rates it leaves out as input, and keeps the ones it sets', () => {
      const written = { input: 300_000, output: 0, cacheRead: 0, cacheWrite: 100_000, cacheWrite1h: 40_000 };
      expect(callCost(written, sonnet)).toBeCloseTo((200_000 * 6 + 60_000 * 7.5 + 40_000 * 12) / 1e6, 12);
      const own = { ...sonnet, longContext: { ...sonnet.longContext, cacheRead: 1, cacheWrite: 8, cacheWrite1h: 9 } };
      expect(callCost({ ...written, cacheRead: 50_000, cacheWrite: 50_000, cacheWrite1h: 10_000 }, own)).toBeCloseTo(
        (200_000 * 6 + 50_000 * 1 + 40_000 * 8 + 10_000 * 9) / 1e6,
        12,
      );
    });

    it("bills cache tokens at the tier input where neither sets a cache rate, and keeps a free model's cache rates", () => {
      expect(callCost(tokens(300_000, 0, 100_000), { input: 1, output: 2, longContext: { above: 1, input: 4, output: 8 } })).toBeCloseTo(1.2, 12);
      expect(callCost(tokens(300_000, 0, 100_000), { input: 0, output: 0, cacheRead: 1, longContext: { above: 1, input: 2, output: 2 } })).toBeCloseTo(0.5, 12);
    });
  });

  it('never bills more cached tokens than the input count', () => {
    expect(callCost(tokens(10, 0, 8, 8), { input: 1_000_000, output: 0, cacheRead: 0, cacheWrite: 2_000_000 })).toBeCloseTo(4, 12);
  });
});

describe('usageCost', () => {
  it('bills a call from its @bench/formats usage, cache counts included, rounded to a billionth of a dollar', () => {
    const usage = { inputTokens: 1_000, outputTokens: 300, cachedInputTokens: 600, cacheWriteTokens: 100 };
    // 300 uncached × $3 + 600 read × $0.3 + 100 written × $3.75, 300 out × $15, per million
    expect(usageCost(usage, { input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 })).toBe(0.005955);
    expect(usageCost({ inputTokens: 1, outputTokens: 1 }, { input: 0.1, output: 0.3 })).toBe(4e-7);
  });

  it('is null without a price, and zero without usage', () => {
    expect(usageCost({ inputTokens: 10 }, undefined)).toBeNull();
    expect(usageCost(undefined, { input: 1, output: 1 })).toBe(0);
  });
});
