import { describe, expect, it } from 'vitest';
import { seededRandom } from './seeded-random';
import { sampleBeta, sampleGamma, sampleNormal } from './sample-beta';

const N = 40_000;

function moments(draw: () => number): { mean: number; variance: number; min: number; max: number } {
  let sum = 0;
  let squares = 0;
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < N; i += 1) {
    const x = draw();
    sum += x;
    squares += x * x;
    min = Math.min(min, x);
    max = Math.max(max, x);
  }
  const mean = sum / N;
  return { mean, variance: squares / N - mean * mean, min, max };
}

// Tolerances are about 4 standard errors of the estimate at N draws: a correct
// sampler passes for any seed with near certainty, while a sampler off by a few
// per cent in mean or ~5 % in variance (a wrong Gamma constant, a mean
// returned instead of a draw, a uniform) fails.
describe('sampleBeta', () => {
  const cases: Array<[number, number]> = [
    [1, 1],
    [2, 5],
    [0.5, 0.5],
    [31, 71],
  ];
  for (const [a, b] of cases) {
    it(`draws Beta(${a}, ${b}) with its mean and variance`, () => {
      const random = seededRandom(a * 1_000 + b);
      const mean = a / (a + b);
      const variance = (a * b) / ((a + b) ** 2 * (a + b + 1));
      const got = moments(() => sampleBeta(a, b, random));
      expect(got.min).toBeGreaterThanOrEqual(0);
      expect(got.max).toBeLessThanOrEqual(1);
      expect(Math.abs(got.mean - mean)).toBeLessThan(4 * Math.sqrt(variance / N));
      expect(Math.abs(got.variance - variance) / variance).toBeLessThan(0.04);
    });
  }

  it('is deterministic for a seeded random', () => {
    const first = seededRandom(9);
    const second = seededRandom(9);
    expect(sampleBeta(3, 4, first)).toBe(sampleBeta(3, 4, second));
  });
});

describe('sampleGamma', () => {
  for (const k of [0.3, 1, 2.5, 40]) {
    it(`draws Gamma(${k}) with mean and variance ${k}`, () => {
      const random = seededRandom(Math.round(k * 10));
      const got = moments(() => sampleGamma(k, random));
      expect(got.min).toBeGreaterThan(0);
      expect(Math.abs(got.mean - k)).toBeLessThan(4 * Math.sqrt(k / N));
      expect(Math.abs(got.variance - k) / k).toBeLessThan(k < 1 ? 0.08 : 0.05);
    });
  }

  it('refuses a shape that is not a positive number', () => {
    expect(() => sampleGamma(0, Math.random)).toThrow('gamma shape must be a positive number, got 0');
    expect(() => sampleGamma(Number.NaN, Math.random)).toThrow(RangeError);
  });
});

describe('sampleNormal', () => {
  it('draws mean 0 and variance 1', () => {
    const random = seededRandom(3);
    const got = moments(() => sampleNormal(random));
    expect(Math.abs(got.mean)).toBeLessThan(4 / Math.sqrt(N));
    expect(Math.abs(got.variance - 1)).toBeLessThan(0.04);
  });
});
