import type { Admission, Counter, CounterCheck, CounterQuery, CounterReading, LimitStore } from './limit-store';
import { fixedReading, slidingReading } from './counter-reading';
import { inWindow, type SlidingEntry } from './sliding-figures';

const SWEEP_EVERY_MS = 60_000;

/** The limits' counters for one process (`state: "memory:"`); the same figures the Redis store keeps. */
export function createMemoryLimitStore(): LimitStore {
  const sliding = new Map<string, SlidingEntry[]>();
  const fixed = new Map<string, { used: number; resetsAt: number }>();
  let lastSweep = 0;

  // Counters of windows gone by are dropped now and then, so that a key's old days and quiet minutes do not pile up.
  const sweep = (now: number) => {
    if (now - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = now;
    for (const [name, { resetsAt }] of fixed) if (resetsAt <= now) fixed.delete(name);
    for (const [name, entries] of sliding) if (entries.every((entry) => now - entry.time >= 3_600_000)) sliding.delete(name);
  };
  const slidingEntries = (counter: Extract<Counter, { kind: 'sliding' }>, now: number) => {
    const entries = inWindow(sliding.get(counter.name) ?? [], counter.windowMs, now);
    sliding.set(counter.name, entries);
    return entries;
  };
  const fixedUsed = (counter: Extract<Counter, { kind: 'fixed' }>, now: number) => {
    const held = fixed.get(counter.name);
    return held && held.resetsAt > now ? held.used : 0;
  };

  const reading = ({ counter, limit }: CounterQuery, now: number): CounterReading =>
    counter.kind === 'fixed' ? fixedReading(fixedUsed(counter, now), limit, counter, now) : slidingReading(slidingEntries(counter, now), limit, counter, now);
  // Synchronous, so that no other admission runs between a check and its additions.
  const addNow = (counter: Counter, amount: number, now: number) => {
    if (counter.kind === 'sliding') slidingEntries(counter, now).push({ time: now, amount });
    else {
      const held = fixed.get(counter.name);
      if (held && held.resetsAt > now)
        held.used += amount; // the same second's counter: no new entry
      else fixed.set(counter.name, { used: amount, resetsAt: counter.resetsAt });
    }
  };

  return {
    async admit(checks: readonly CounterCheck[], now: number): Promise<Admission> {
      sweep(now);
      for (const [index, check] of checks.entries()) {
        const { used, retryAfterMs } = reading(check, now);
        if (retryAfterMs !== undefined) return { ok: false, index, used, retryAfterMs };
      }
      for (const { counter, add } of checks) if (add > 0) addNow(counter, add, now);
      return { ok: true };
    },
    add(counter: Counter, amount: number, now: number): undefined {
      addNow(counter, amount, now);
    },
    async read(queries: readonly CounterQuery[], now: number): Promise<CounterReading[]> {
      return queries.map((query) => reading(query, now));
    },
  };
}
