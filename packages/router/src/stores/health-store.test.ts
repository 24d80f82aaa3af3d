import { describe, expect, it } from 'vitest';
import { afterFailure, HEALTHY, healthState } from './health-store';
import { createMemoryHealthStore } from './memory-health-store';

const cooldown = { afterFailures: 3, forMs: 30_000 };

describe('afterFailure and healthState', () => {
  it('opens the circuit on the third consecutive failure', () => {
    const one = afterFailure(HEALTHY, 0, cooldown);
    const two = afterFailure(one, 1, cooldown);
    expect(healthState(two, 2)).toBe('healthy');
    const three = afterFailure(two, 2, cooldown);
    expect(three.openUntil).toBe(30_002);
    expect(healthState(three, 30_001)).toBe('cooling');
    expect(healthState(three, 30_002)).toBe('half-open');
  });

  it('reopens the circuit when a probe fails', () => {
    const open = { ...HEALTHY, openUntil: 100, probeUntil: 30_100 };
    const reopened = afterFailure(open, 200, cooldown);
    expect(reopened).toEqual({ ...HEALTHY, openUntil: 30_200, probeUntil: 0 });
  });

  it('cools a rate-limited member until its time, without opening the circuit', () => {
    const limited = { ...HEALTHY, limitedUntil: 5_000 };
    expect(healthState(limited, 4_999)).toBe('cooling');
    expect(healthState(limited, 5_000)).toBe('healthy');
  });

  it('holds others back while a probe is out', () => {
    expect(healthState({ ...HEALTHY, openUntil: 100, probeUntil: 500 }, 200)).toBe('cooling');
    expect(healthState({ ...HEALTHY, openUntil: 100, probeUntil: 500 }, 500)).toBe('half-open');
  });
});

describe('createMemoryHealthStore', () => {
  it('gives the half-open probe to one caller only, and closes on success', async () => {
    const store = createMemoryHealthStore();
    for (let i = 0; i < 3; i += 1) await store.failed('m1', 0, cooldown);
    expect(await store.claimProbe('m1', 10, 1_000)).toBe(false);
    const claims = await Promise.all([store.claimProbe('m1', 30_000, 1_000), store.claimProbe('m1', 30_000, 1_000)]);
    expect(claims.sort()).toEqual([false, true]);
    await store.releaseProbe('m1');
    expect(await store.claimProbe('m1', 30_000, 1_000)).toBe(true);
    await store.succeeded('m1');
    expect((await store.read(['m1'], 30_001)).size).toBe(0);
  });

  it('keeps the later of two rate limits', async () => {
    const store = createMemoryHealthStore();
    await store.rateLimited('m1', 9_000);
    await store.rateLimited('m1', 5_000);
    expect((await store.read(['m1', 'm2'], 0)).get('m1')?.limitedUntil).toBe(9_000);
  });
});
