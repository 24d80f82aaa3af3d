import { describe, expect, it } from 'vitest';
import { callCost } from './call-cost';

describe('callCost', () => {
  it('prices input and output tokens per million', () => {
    expect(callCost(2_000_000, 1_000_000, { input: 0.5, output: 1.5 })).toBeCloseTo(2.5, 12);
    expect(callCost(0, 0, { input: 3, output: 15 })).toBe(0);
  });

  it('is unknown (null) without a price, not zero', () => {
    expect(callCost(100, 100, undefined)).toBeNull();
  });
});
