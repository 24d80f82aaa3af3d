import type { Counter, CounterReading } from './limit-store';
import { slidingRetryAfterMs, sumOf, type SlidingEntry } from './sliding-figures';

/** A sliding counter's figures from its entries in the window (oldest first). */
export function slidingReading(entries: readonly SlidingEntry[], limit: number, counter: Extract<Counter, { kind: 'sliding' }>, now: number): CounterReading {
  const used = sumOf(entries);
  return {
    used,
    freesInMs: entries[0] ? entries[0].time + counter.windowMs - now : undefined,
    retryAfterMs: used >= limit ? slidingRetryAfterMs(entries, limit, counter.windowMs, now) : undefined,
  };
}

/** A fixed counter's figures: it frees all at once when its window ends. */
export function fixedReading(used: number, limit: number, counter: Extract<Counter, { kind: 'fixed' }>, now: number): CounterReading {
  const untilEnd = counter.resetsAt - now;
  return { used, freesInMs: untilEnd, retryAfterMs: used >= limit ? untilEnd : undefined };
}
