import { redisServerAvailable, startRedisServer, type RedisService } from '@bench/testkit';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Counter, LimitStore } from './limit-store';
import { createMemoryLimitStore } from './memory-limit-store';
import { createRedisLimitStore } from './redis-limit-store';

const haveRedis = redisServerAvailable();
let redis: RedisService | undefined;
let client: Redis | undefined;
let run = 0;

beforeAll(async () => {
  if (!haveRedis) return;
  redis = await startRedisServer();
  client = new Redis(redis.url);
});
afterAll(async () => {
  await client?.quit();
  redis?.stop();
});

const T = 1_800_000_000_000;
const minute = (name: string): Counter => ({ kind: 'sliding', name, windowMs: 60_000 });
const day = (name: string): Counter => ({ kind: 'fixed', name, resetsAt: T + 3_600_000 });

const stores: Array<[string, () => LimitStore]> = [
  ['memory', () => createMemoryLimitStore()],
  // A fresh prefix per test: each starts with no counters, on the one server.
  ...(haveRedis ? [['redis', () => createRedisLimitStore(client!, `test${++run}:`)] as [string, () => LimitStore]] : []),
];

describe.each(stores)('the %s limit store', (_name, open) => {
  it('admits up to a sliding limit, refuses the next until the oldest leaves the window, and counts only what it admitted', async () => {
    const store = open();
    const check = { counter: minute('key:ci:rpm'), limit: 2, add: 1 };
    expect(await store.admit([check], T)).toEqual({ ok: true });
    expect(await store.admit([check], T + 10_000)).toEqual({ ok: true });
    expect(await store.admit([check], T + 15_000)).toEqual({ ok: false, index: 0, used: 2, retryAfterMs: 45_000 });
    expect(await store.admit([check], T + 59_999)).toMatchObject({ ok: false, retryAfterMs: 1 });
    // At T + 60 s the first request has left the window: one slot frees.
    expect(await store.admit([check], T + 60_000)).toEqual({ ok: true });
    expect(await store.read([check], T + 60_000)).toEqual([{ used: 2, freesInMs: 10_000, retryAfterMs: 10_000 }]);
  });

  it('a tpm frees once enough of the oldest tokens leave the window to be under it', async () => {
    const store = open();
    const counter = minute('key:ci:tpm');
    await store.add(counter, 30, T);
    await store.add(counter, 50, T + 20_000);
    await store.add(counter, 40, T + 30_000);
    // 120 tokens against 100: under it once the 30 leave (90 left) at T + 60 s.
    expect(await store.admit([{ counter, limit: 100, add: 0 }], T + 40_000)).toEqual({ ok: false, index: 0, used: 120, retryAfterMs: 20_000 });
    // Against 50: under it once the 30 and the 50 leave (40 left), at T + 80 s.
    expect(await store.admit([{ counter, limit: 50, add: 0 }], T + 40_000)).toMatchObject({ ok: false, retryAfterMs: 40_000 });
    expect(await store.read([{ counter, limit: 200 }], T + 40_000)).toEqual([{ used: 120, freesInMs: 20_000, retryAfterMs: undefined }]);
  });

  it('a fixed counter holds until its window ends, then is a new one', async () => {
    const store = open();
    const counter = day('key:ci:budget:day:x');
    await store.add(counter, 2_000_000_000, T);
    await store.add(counter, 500_000_000, T + 1000);
    const check = { counter, limit: 2_000_000_000, add: 0 };
    expect(await store.admit([check], T + 2000)).toEqual({ ok: false, index: 0, used: 2_500_000_000, retryAfterMs: 3_600_000 - 2000 });
    expect(await store.read([check], T + 2000)).toEqual([{ used: 2_500_000_000, freesInMs: 3_598_000, retryAfterMs: 3_598_000 }]);
  });

  it('refuses on the first counter at its limit and then adds to none of them', async () => {
    const store = open();
    const key = { counter: minute('key:a:rpm'), limit: 5, add: 1 };
    const collection = { counter: minute('collection:c:rpm'), limit: 1, add: 1 };
    expect(await store.admit([key, collection], T)).toEqual({ ok: true });
    expect(await store.admit([key, collection], T + 1)).toMatchObject({ ok: false, index: 1, used: 1 });
    expect((await store.read([key, collection], T + 2)).map((reading) => reading.used)).toEqual([1, 1]);
  });

  it('takes as many concurrent admissions as the limit, no more', async () => {
    const store = open();
    const check = { counter: minute('key:burst:rpm'), limit: 7, add: 1 };
    const admissions = await Promise.all(Array.from({ length: 20 }, () => store.admit([check], T)));
    expect(admissions.filter((admission) => admission.ok)).toHaveLength(7);
  });
});
