import { describe, expect, it } from 'vitest';
import { isCooling } from './health-store';
import { MemoryHealthStore } from './memory-health-store';

const POLICY = { afterFailures: 3, forMs: 30_000 };

describe('MemoryHealthStore', () => {
  it('cools a model down after afterFailures failures in a row, for forMs', async () => {
    let now = 1_000;
    const store = new MemoryHealthStore({ now: () => now });
    await store.recordFailure('m', { kind: 'server' }, POLICY);
    now += 1;
    const second = await store.recordFailure('m', { kind: 'timeout' }, POLICY);
    expect(second).toEqual({ failures: 2, lastFailureAt: 1_001 });
    now += 1;
    const third = await store.recordFailure('m', { kind: 'server' }, POLICY);
    expect(third).toEqual({ failures: 3, lastFailureAt: 1_002, coolingUntil: 31_002 });
    expect(isCooling(third, now)).toBe(true);
    expect(isCooling(third, 31_002)).toBe(false);
  });

  it('cools a rate-limited model for its Retry-After (or forMs without one)', async () => {
    const store = new MemoryHealthStore({ now: () => 0 });
    expect((await store.recordFailure('a', { kind: 'rate-limited', retryAfterMs: 5_000 }, POLICY)).coolingUntil).toBe(5_000);
    expect((await store.recordFailure('b', { kind: 'rate-limited' }, POLICY)).coolingUntil).toBe(30_000);
  });

  it('never shortens a cooling period', async () => {
    const store = new MemoryHealthStore({ now: () => 0 });
    await store.recordFailure('a', { kind: 'rate-limited', retryAfterMs: 60_000 }, POLICY);
    expect((await store.recordFailure('a', { kind: 'rate-limited', retryAfterMs: 1_000 }, POLICY)).coolingUntil).toBe(60_000);
  });

  it('a success forgives the failures and ends the cooling', async () => {
    let now = 0;
    const store = new MemoryHealthStore({ now: () => now });
    await store.recordFailure('a', { kind: 'rate-limited' }, POLICY);
    now = 10;
    await store.recordSuccess('a');
    expect(await store.get('a')).toEqual({ failures: 0, lastSuccessAt: 10, lastFailureAt: 0 });
  });

  it('reads many at once, leaving out unknown aliases, and hands out copies', async () => {
    const store = new MemoryHealthStore({ now: () => 0 });
    await store.recordSuccess('a');
    const many = await store.getMany(['a', 'zz']);
    expect([...many.keys()]).toEqual(['a']);
    const copy = many.get('a');
    if (copy) copy.failures = 99;
    expect((await store.get('a'))?.failures).toBe(0);
  });
});
