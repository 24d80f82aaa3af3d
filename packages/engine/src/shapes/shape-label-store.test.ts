import { redisServerAvailable, startRedisServer, type RedisService } from '@bench/testkit';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryShapeLabels, createRedisShapeLabels } from './shape-label-store';

const haveRedis = redisServerAvailable();
if (!haveRedis) console.warn('shape-label-store: redis-server is missing here; the Redis store is not tested (CI installs it)');

describe('createMemoryShapeLabels', () => {
  it('keeps a label per conversation', () => {
    const labels = createMemoryShapeLabels();
    labels.set('c1', { shape: 'code', by: 'labeller' }, 60_000);
    expect(labels.get('c1', 60_000)).toEqual({ shape: 'code', by: 'labeller' });
    expect(labels.get('c2', 60_000)).toBeUndefined();
  });
});

describe.skipIf(!haveRedis)('createRedisShapeLabels', () => {
  let server: RedisService;
  let redis: Redis;
  beforeAll(async () => {
    server = await startRedisServer();
    redis = new Redis(server.url);
  });
  afterAll(async () => {
    await redis?.quit();
    server?.stop();
  });

  it('keeps a label per conversation under its idle expiry, for every replica on the store', async () => {
    const labels = createRedisShapeLabels(redis, 'test:');
    await labels.set('c1', { shape: 'code', by: 'labeller' }, 60_000);
    expect(await createRedisShapeLabels(redis, 'test:').get('c1', 60_000)).toEqual({ shape: 'code', by: 'labeller' });
    expect(await redis.pttl('test:shape:c1')).toBeGreaterThan(0);
    expect(await labels.get('c2', 60_000)).toBeUndefined();
  });

  it('reads a value that is not a label as no label (the shaper is asked again)', async () => {
    const labels = createRedisShapeLabels(redis, 'test:');
    await redis.set('test:shape:bad-json', '{not json');
    await redis.set('test:shape:bad-shape', JSON.stringify({ shape: 3, by: 'labeller' }));
    expect(await labels.get('bad-json', 60_000)).toBeUndefined();
    expect(await labels.get('bad-shape', 60_000)).toBeUndefined();
  });
});
