/**
 * A simulated world for the learning benchmarks (router and panel regret):
 * each member's hidden chance of a useful answer per shape. One member is
 * clearly best on each shape, one is a generalist, and a newcomer (best at
 * code) joins part way.
 */
export const USEFULNESS_WORLD = Object.freeze({
  shapes: Object.freeze(['code', 'math', 'writing', 'review'] as const),
  founders: Object.freeze(['m1', 'm2', 'm3', 'm4', 'm5'] as const),
  newcomer: 'fresh' as const,
  usefulness: Object.freeze({
    m1: { code: 0.8, math: 0.5, writing: 0.45, review: 0.55 },
    m2: { code: 0.5, math: 0.8, writing: 0.5, review: 0.45 },
    m3: { code: 0.45, math: 0.5, writing: 0.8, review: 0.5 },
    m4: { code: 0.55, math: 0.45, writing: 0.5, review: 0.8 },
    m5: { code: 0.6, math: 0.6, writing: 0.6, review: 0.6 },
    fresh: { code: 0.92, math: 0.55, writing: 0.5, review: 0.6 },
  }) as Readonly<Record<string, Readonly<Record<string, number>>>>,
});
