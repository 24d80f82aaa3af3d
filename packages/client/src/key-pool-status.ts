import type { MemberHealth } from '@bench/contracts';
import { keyHealthId, type KeyPool } from './key-pool';

/** How one key of a pool stands: ready, or cooling until `until` because it was refused (401, 402, 403) or rate limited (429). */
export type KeyStatus = { name: string; state: 'ready' } | { name: string; state: 'cooling'; why: 'refused' | 'rate-limited'; until: number };

/**
 * Each key of the pool at `now`, in the pool's order, from the keys' health: a refused key's circuit is open until its
 * long cooldown ends, a rate-limited key is limited until its Retry-After. A key whose cooldown is over is ready again.
 */
export function keyPoolStatus(pool: KeyPool, health: ReadonlyMap<string, MemberHealth>, now: number): KeyStatus[] {
  return pool.keys.map((key): KeyStatus => {
    const entry = health.get(keyHealthId(pool, key.name));
    if (entry === undefined) return { name: key.name, state: 'ready' };
    const refused = entry.openUntil > now ? entry.openUntil : 0;
    const limited = entry.limitedUntil > now ? entry.limitedUntil : 0;
    if (refused === 0 && limited === 0) return { name: key.name, state: 'ready' };
    return refused >= limited
      ? { name: key.name, state: 'cooling', why: 'refused', until: refused }
      : { name: key.name, state: 'cooling', why: 'rate-limited', until: limited };
  });
}

/** The health ids of every key of the pool, in its order. */
export function keyHealthIds(pool: KeyPool): string[] {
  return pool.keys.map((key) => keyHealthId(pool, key.name));
}
