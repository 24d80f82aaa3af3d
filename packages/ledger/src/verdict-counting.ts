/**
 * The counting rule: a model's `useful` is the number of distinct units
 * (panels or conversations) in which at least one of its calls has a useful
 * verdict; `verdicts` the number in which at least one has any verdict. Each
 * store keeps, per (collection, alias, unit), how many calls have a verdict and
 * how many a useful one; a model's figure moves only when a unit's count
 * crosses zero.
 */

/** How one call's verdict change moves its unit's counts. */
export function unitDelta(previous: boolean | undefined, useful: boolean): { useful: number; total: number } {
  return { useful: (useful ? 1 : 0) - (previous ? 1 : 0), total: previous === undefined ? 1 : 0 };
}

/** How a unit count that is now `after`, having moved by `delta`, moves the model's figure: +1, -1 or 0. */
export function crossing(after: number, delta: number): number {
  const before = after - delta;
  return (after > 0 ? 1 : 0) - (before > 0 ? 1 : 0);
}
