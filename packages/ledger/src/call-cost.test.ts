import { describe, expect, it } from 'vitest';
import { callCost } from './call-cost';

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

  it('never bills more cached tokens than the input count', () => {
    expect(callCost(tokens(10, 0, 8, 8), { input: 1_000_000, output: 0, cacheRead: 0, cacheWrite: 2_000_000 })).toBeCloseTo(4, 12);
  });
});
