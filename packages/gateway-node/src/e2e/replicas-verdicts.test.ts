import { postgresServerAvailable, redisServerAvailable, startPostgresServer, startRedisServer, type PostgresService, type RedisService } from '@bench/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJSON } from './raw-requests';
import { sdksFor } from './sdk-clients';
import { startTestGateway, type TestGateway } from './test-gateway';

const servicesHere = redisServerAvailable() && postgresServerAvailable();
if (!servicesHere) console.warn('replicas-verdicts: redis-server or PostgreSQL is missing here; skipped (CI installs both)');

let redis: RedisService;
let postgres: PostgresService;
let a: TestGateway;
let b: TestGateway;

// Two gateways sharing a Redis state store and a PostgreSQL ledger, as replicas behind a load balancer do.
const replica = (ledger: string) =>
  startTestGateway({
    config: (base) => ({
      ...base,
      ledger,
      state: redis.url,
      shapes: ['code'],
      collections: {
        ...base.collections,
        coded: { members: ['m1', 'm2'], reply: 'route', shape: 'code', rotate: 0, timeouts: base.defaults.timeouts, retry: { serverErrorRetries: 0 } },
      },
    }),
  });

describe.skipIf(!servicesHere)('a verdict across two replicas', () => {
  beforeAll(async () => {
    [redis, postgres] = await Promise.all([startRedisServer(), startPostgresServer()]);
    const ledger = postgres.createDatabase();
    [a, b] = await Promise.all([replica(ledger), replica(ledger)]);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    redis?.stop();
    postgres?.stop();
  });

  const firstOnCode = async (gateway: TestGateway): Promise<string> => {
    const response = await fetch(`${gateway.url}/bench/records?collection=coded&shape=code`);
    return ((await response.json()) as any).collections[0].next.code.ranking[0].alias;
  };
  const ask = async (gateway: TestGateway, text: string) =>
    ((await sdksFor(gateway.url).openai.chat.completions.create({ model: 'bench/coded', messages: [{ role: 'user', content: text }] })) as any).bench;

  it('changes the next plan on the replica that took it at once, and on the other within a second', async () => {
    // m1 fails this turn on a, so m2 answers it: the call a person then judges useful.
    a.upstream.script('up-1', [{ error: { status: 503 } }, {}]);
    const judged = await ask(a, 'refactor this function');
    expect(judged).toMatchObject({ alias: 'm2', shape: 'code', failed_over: [{ alias: 'm1' }] });
    // Both replicas have read the records: with none, the next new conversation goes to m1, listed first.
    expect(await firstOnCode(a)).toBe('m1');
    expect(await firstOnCode(b)).toBe('m1');

    expect((await postJSON(`${a.url}/bench/verdict`, { call: judged.call, useful: true })).status).toBe(200);
    // At once on a: its next new conversation goes to m2.
    expect(await ask(a, 'a different task: write a parser')).toMatchObject({ alias: 'm2', shape: 'code' });

    // On b within a second: polled (for 1.5 s at most), then its next new conversation goes to m2 too.
    let first = await firstOnCode(b);
    for (const until = Date.now() + 1_500; first !== 'm2' && Date.now() < until; ) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      first = await firstOnCode(b);
    }
    expect(first).toBe('m2');
    expect(await ask(b, 'another task: rename a variable')).toMatchObject({ alias: 'm2', shape: 'code' });
    expect(b.upstream.requestsFor('up-1')).toHaveLength(0);
  });
});
