import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatRequest, member } from '../__fixtures__/requests';
import { type RedisServer, redisAvailable, startRedis } from '../__fixtures__/redis-server';
import { createRouter } from '../create-router';
import type { Collection } from '../member';
import { createMemoryRecordSource } from './memory-record-source';
import { createRedisConversationStore } from './redis-conversation-store';
import { createRedisHealthStore } from './redis-health-store';
import { createRedisReasoningStore } from './redis-reasoning-store';

const HOUR = 3_600_000;
const cooldown = { afterFailures: 2, forMs: 30_000 };

describe.skipIf(!redisAvailable)('Redis stores against a real redis-server', () => {
  let server: RedisServer;
  let a: Redis;
  let b: Redis;

  beforeAll(async () => {
    server = await startRedis();
    a = server.connect();
    b = server.connect();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('claims once: of two simultaneous first claims from two connections, the first wins for both', async () => {
    const storeA = createRedisConversationStore(a, { prefix: 't1:' });
    const storeB = createRedisConversationStore(b, { prefix: 't1:' });
    for (let round = 0; round < 20; round += 1) {
      const [x, y] = await Promise.all([
        storeA.claim(`c${round}`, { alias: 'm1', turn: 1 }, { ttlMs: HOUR, now: 0 }),
        storeB.claim(`c${round}`, { alias: 'm2', turn: 1 }, { ttlMs: HOUR, now: 0 }),
      ]);
      expect(x.conversation).toEqual(y.conversation);
      expect([x.created, y.created].filter(Boolean)).toHaveLength(1);
    }
  });

  it('keeps idle expiry as the key TTL, restarted by each claim and assign', async () => {
    const store = createRedisConversationStore(a, { prefix: 't2:' });
    await store.claim('c', { alias: 'm1', turn: 1 }, { ttlMs: 50_000, now: 0 });
    expect(await a.pttl('t2:conversation:c')).toBeGreaterThan(40_000);
    await store.claim('c', { alias: 'm2', turn: 1 }, { ttlMs: HOUR, now: 0 });
    expect(await a.pttl('t2:conversation:c')).toBeGreaterThan(50_000);
    await store.assign('c', { alias: 'm3', turn: 2 }, { ttlMs: 20, now: 0 });
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect((await store.claim('c', { alias: 'm4', turn: 1 }, { ttlMs: HOUR, now: 0 })).created).toBe(true);
  });

  it('peeks without creating a conversation or touching its TTL', async () => {
    const store = createRedisConversationStore(a, { prefix: 't8:' });
    expect(await store.peek('c', 0)).toBeUndefined();
    expect(await a.exists('t8:conversation:c')).toBe(0);
    await store.assign('c', { alias: 'm 2', turn: 4 }, { ttlMs: 40_000, now: 0 });
    await a.pexpire('t8:conversation:c', 30_000); // as if 10 s idle
    expect(await store.peek('c', 0)).toEqual({ alias: 'm 2', turn: 4 });
    const left = await a.pttl('t8:conversation:c');
    expect(left).toBeGreaterThan(0);
    expect(left).toBeLessThanOrEqual(30_000);
    // Another replica's store reads the same binding.
    expect(await createRedisConversationStore(b, { prefix: 't8:' }).peek('c', 0)).toEqual({ alias: 'm 2', turn: 4 });
  });

  it('assigns and forgets', async () => {
    const store = createRedisConversationStore(a, { prefix: 't3:' });
    await store.assign('c', { alias: 'm 2', turn: 7 }, { ttlMs: HOUR, now: 0 });
    expect(await store.claim('c', { alias: 'm1', turn: 1 }, { ttlMs: HOUR, now: 0 })).toEqual({
      conversation: { alias: 'm 2', turn: 7 },
      created: false,
    });
    await store.forget('c');
    expect((await store.claim('c', { alias: 'm1', turn: 1 }, { ttlMs: HOUR, now: 0 })).created).toBe(true);
  });

  it('health: opens the circuit after the failures, one probe across replicas, closed on success', async () => {
    const healthA = createRedisHealthStore(a, { prefix: 't4:', cacheMs: 0 });
    const healthB = createRedisHealthStore(b, { prefix: 't4:', cacheMs: 0 });
    await healthA.failed('m1', 1_000, cooldown);
    expect((await healthB.read(['m1'], 1_000)).get('m1')).toEqual({ failures: 1, openUntil: 0, probeUntil: 0, limitedUntil: 0 });
    await healthB.failed('m1', 2_000, cooldown);
    expect((await healthA.read(['m1', 'm2'], 2_000)).get('m1')?.openUntil).toBe(32_000);
    expect(await healthA.claimProbe('m1', 31_999, 5_000)).toBe(false);
    const probes = await Promise.all([healthA.claimProbe('m1', 32_000, 5_000), healthB.claimProbe('m1', 32_000, 5_000)]);
    expect(probes.filter(Boolean)).toHaveLength(1);
    await healthA.releaseProbe('m1');
    expect(await healthB.claimProbe('m1', 32_001, 5_000)).toBe(true);
    await healthB.failed('m1', 33_000, cooldown);
    expect((await healthA.read(['m1'], 33_000)).get('m1')).toMatchObject({ openUntil: 63_000, probeUntil: 0 });
    await healthA.succeeded('m1');
    expect((await healthB.read(['m1'], 33_000)).size).toBe(0);
  });

  it('health: a rate limit keeps the later time', async () => {
    const health = createRedisHealthStore(a, { prefix: 't5:', cacheMs: 0 });
    await health.rateLimited('m1', 1_800_000_009_000);
    await health.rateLimited('m1', 1_800_000_005_000);
    expect((await health.read(['m1'], 0)).get('m1')?.limitedUntil).toBe(1_800_000_009_000);
  });

  it('health: reuses a read for cacheMs, dropping it on its own writes', async () => {
    const reader = createRedisHealthStore(a, { prefix: 't6:', cacheMs: 1_000 });
    const writer = createRedisHealthStore(b, { prefix: 't6:', cacheMs: 1_000 });
    expect((await reader.read(['m1'], 10_000)).size).toBe(0);
    await writer.rateLimited('m1', 99_000);
    expect((await reader.read(['m1'], 10_999)).size).toBe(0);
    expect((await reader.read(['m1'], 11_000)).size).toBe(1);
  });

  it('two router instances over one Redis keep a conversation on one member', async () => {
    const collection: Collection = { name: 'agents', members: [member('m1'), member('m2'), member('m3')] };
    const routerFor = (redis: Redis, favourite: string) =>
      createRouter({
        conversations: createRedisConversationStore(redis, { prefix: 't7:' }),
        health: createRedisHealthStore(redis, { prefix: 't7:' }),
        records: createMemoryRecordSource({ [favourite]: { useful: 5 } }),
      });
    // Each replica's records favour another member: left alone they would pick differently.
    const one = routerFor(a, 'm2');
    const two = routerFor(b, 'm3');
    const planInput = (turns: number) => ({ collection, keyName: 'k', request: chatRequest({ turns }), settings: { rotate: 0 } });
    const [p1, p2] = await Promise.all([one.plan(planInput(1)), two.plan(planInput(1))]);
    expect(p1.members[0]?.alias).toBe(p2.members[0]?.alias);
    expect(['m2', 'm3']).toContain(p1.members[0]?.alias);
    const first = p1.members[0]?.alias ?? '';
    await one.settle(p1, { answered: first });
    for (let turns = 2; turns <= 5; turns += 1) {
      const router = turns % 2 === 0 ? two : one;
      const plan = await router.plan(planInput(turns));
      expect(plan).toMatchObject({ isNew: false, turn: turns, conversation: p1.conversation });
      expect(plan.members[0]?.alias).toBe(first);
      await router.settle(plan, { answered: first });
    }
  });

  it('keeps held reasoning for every replica, restarting its idle expiry on a read', async () => {
    const held = {
      calls: ['t1'],
      parts: [
        { type: 'reasoning' as const, text: 'think', signature: 'sig', signatureFrom: 'gemini' as const },
        { type: 'call' as const, id: 't1' },
      ],
    };
    await createRedisReasoningStore(a, { prefix: 'r1:' }).put('conv:k1', held, { ttlMs: 5000, now: 0 });
    await b.pexpire('r1:reasoning:conv:k1', 100);
    const other = createRedisReasoningStore(b, { prefix: 'r1:' });
    expect(await other.get(['conv:k1', 'conv:none'], { ttlMs: 60_000, now: 0 })).toEqual([held, undefined]);
    expect(await b.pttl('r1:reasoning:conv:k1')).toBeGreaterThan(50_000);
  });

  it('answers undefined for a value under its key that is not held reasoning', async () => {
    await a.set('r2:reasoning:conv:junk', '{not json');
    await a.set('r2:reasoning:conv:other', '{"calls":1}');
    expect(await createRedisReasoningStore(a, { prefix: 'r2:' }).get(['conv:junk', 'conv:other'], { ttlMs: 1000, now: 0 })).toEqual([undefined, undefined]);
  });
});
