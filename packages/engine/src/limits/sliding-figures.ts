/** An amount added to a sliding counter, and when. */
export interface SlidingEntry {
  time: number;
  amount: number;
}

/** The entries still in the window at `now`, oldest first: one added at `t` counts while `now - t < windowMs`. */
export function inWindow(entries: readonly SlidingEntry[], windowMs: number, now: number): SlidingEntry[] {
  return entries.filter((entry) => now - entry.time < windowMs);
}

export function sumOf(entries: readonly SlidingEntry[]): number {
  let sum = 0;
  for (const entry of entries) sum += entry.amount;
  return sum;
}

/** How long until enough of the oldest entries leave the window for the sum to be under `limit` (entries in the window, oldest first). */
export function slidingRetryAfterMs(entries: readonly SlidingEntry[], limit: number, windowMs: number, now: number): number {
  let left = sumOf(entries);
  for (const entry of entries) {
    left -= entry.amount;
    if (left < limit) return entry.time + windowMs - now;
  }
  return windowMs;
}
