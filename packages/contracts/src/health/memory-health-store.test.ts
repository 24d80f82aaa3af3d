import { describe, expect, it } from 'vitest';
import { healthState } from './health-store';
import { createMemoryHealthStore } from './memory-health-store';

const cooldown = { afterFailures: 2, forMs: 1_000 };

describe('createMemoryHealthStore', () => {
  it('opens a circuit after afterFailures, lets one probe through after forMs, and closes it on a success', async () => {
    const store = createMemoryHealthStore();
    await store.failed('m1', 0, cooldown);
    expect(healthState((await store.read(['m1'], 0)).get('m1'), 0)).toBe('healthy');
    await store.failed('m1', 10, cooldown);
    expect(healthState((await store.read(['m1'], 10)).get('m1'), 10)).toBe('cooling');
    expect(healthState((await store.read(['m1'], 1_011)).get('m1'), 1_011)).toBe('half-open');
    expect(await store.claimProbe('m1', 1_011, 500)).toBe(true);
    expect(await store.claimProbe('m1', 1_012, 500)).toBe(false); // one probe at a time
    await store.succeeded('m1');
    expect((await store.read(['m1'], 1_100)).has('m1')).toBe(false);
  });

  it('cools a rate-limited member until its retry-after, and reads only the members asked for', async () => {
    const store = createMemoryHealthStore();
    await store.rateLimited('m2', 5_000);
    const read = await store.read(['m2', 'm3'], 100);
    expect([...read.keys()]).toEqual(['m2']);
    expect(healthState(read.get('m2'), 100)).toBe('cooling');
    expect(healthState(read.get('m2'), 5_001)).toBe('healthy');
  });
});
