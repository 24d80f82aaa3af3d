import type { CollectionRecords } from './collection-records';
import { postgresServerAvailable, redisServerAvailable, startPostgresServer, startRedisServer, type PostgresService, type RedisService } from '@bench/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../create-engine';
import type { Engine } from '../engine';

const servicesHere = redisServerAvailable() && postgresServerAvailable();
if (!servicesHere) console.warn('records-across-replicas: redis-server or PostgreSQL is missing here; skipped (CI installs both)');

// Three engines over one PostgreSQL ledger; a and b share a Redis state store, c has its own (memory). Their clocks
// stand still, so a records cache never ages: only a replica's announcement makes another read the ledger again.
describe.skipIf(!servicesHere)('a verdict on one replica', () => {
  let redis: RedisService;
  let postgres: PostgresService;
  let a: Engine;
  let b: Engine;
  let c: Engine;

  beforeAll(async () => {
    [redis, postgres] = await Promise.all([startRedisServer(), startPostgresServer()]);
    const ledger = postgres.createDatabase();
    const config = (state: string) => ({
      ledger,
      state,
      providers: { up: { baseURL: 'http://127.0.0.1:9/v1', api: 'openai-chat' } },
      models: { m1: { provider: 'up', model: 'up-1' } },
      collections: { core: { members: ['m1'], reply: 'route' } },
    });
    const still = { now: () => 1_800_000_000_000 };
    [a, b, c] = await Promise.all([createEngine(config(redis.url), still), createEngine(config(redis.url), still), createEngine(config('memory:'), still)]);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close(), c?.close()]);
    redis?.stop();
    postgres?.stop();
  });

  const usefulOf = (records: CollectionRecords[]) => records[0]!.members[0]!.whole.useful;

  it('counts on its next plan at once, and on a replica sharing its state store within a second', async () => {
    a.ledger.recordCall({ id: 'p1.1', purpose: 'seat', collection: 'core', alias: 'm1', status: 'ok' });
    await a.ledger.flush();
    // Every replica has read the records before the verdict (and would keep them, its clock standing still).
    for (const engine of [a, b, c]) expect(usefulOf(await engine.records())).toBe(0);

    await a.verdict({ call: 'p1.1', useful: true });
    expect(usefulOf(await a.records())).toBe(1);
    let seenOnB = 0;
    for (const until = Date.now() + 1_500; seenOnB === 0 && Date.now() < until; ) {
      seenOnB = usefulOf(await b.records());
      if (seenOnB === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(seenOnB).toBe(1);
    // c shares no state store: nobody told it, and its standing clock keeps its cache (its own age bound, 1 s, is
    // what would make it read again).
    expect(usefulOf(await c.records())).toBe(0);
  });
});
