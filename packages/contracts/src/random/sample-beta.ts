/**
 * A draw from Beta(alpha, beta): X / (X + Y) with X ~ Gamma(alpha) and Y ~ Gamma(beta).
 * `random` is uniform on [0, 1) (injectable, so tests are deterministic: `seededRandom`).
 */
export function sampleBeta(alpha: number, beta: number, random: () => number): number {
  const x = sampleGamma(alpha, random);
  const y = sampleGamma(beta, random);
  return x / (x + y);
}

/**
 * A draw from Gamma(shape, 1) by Marsaglia and Tsang (2000), "A simple method for
 * generating gamma variables"; a shape under 1 is boosted: Gamma(shape + 1) · U^(1/shape).
 */
export function sampleGamma(shape: number, random: () => number): number {
  if (!(shape > 0) || !Number.isFinite(shape)) throw new RangeError(`gamma shape must be a positive number, got ${String(shape)}`);
  if (shape < 1) return sampleGamma(shape + 1, random) * (1 - random()) ** (1 / shape);
  const d = shape - 1 / 3;
  const c = 1 / Math.sqrt(9 * d);
  for (;;) {
    const x = sampleNormal(random);
    const t = 1 + c * x;
    if (t <= 0) continue;
    const v = t * t * t;
    const u = 1 - random(); // (0, 1]: log(u) is finite
    if (u < 1 - 0.0331 * x ** 4) return d * v;
    if (Math.log(u) < 0.5 * x * x + d * (1 - v + Math.log(v))) return d * v;
  }
}

/** A standard normal draw (Box–Muller, one of the pair). */
export function sampleNormal(random: () => number): number {
  const u1 = 1 - random(); // (0, 1]
  const u2 = random();
  return Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
}
