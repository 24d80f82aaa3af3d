import { redisServerAvailable, startRedisServer, type RedisService } from '@bench/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DASHBOARD_KEYS, type DashboardGateway, startDashboardGateway } from './dashboard-gateway';

const haveRedis = redisServerAvailable();
if (!haveRedis) console.warn('dashboard-replicas.test.ts: redis-server is not installed here, so the shared-session test is skipped (CI installs it)');

let redis: RedisService;
let a: DashboardGateway;
let b: DashboardGateway;

describe.skipIf(!haveRedis)('dashboard sessions in a Redis state store', () => {
  beforeAll(async () => {
    redis = await startRedisServer();
    const replica = () => startDashboardGateway({ config: (base) => ({ ...base, state: redis.url }) });
    [a, b] = await Promise.all([replica(), replica()]);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    redis?.stop();
  });

  it('a login on one replica opens the other, and a logout on the other ends it on both', async () => {
    const login = await fetch(`${a.url}/bench/ui/session`, { method: 'POST', body: JSON.stringify({ key: DASHBOARD_KEYS.me }) });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
    const { csrf } = (await login.json()) as { csrf: string };
    expect((await b.get('/bench/collections', { cookie })).status).toBe(200);
    expect((await b.get('/bench/ui/session', { cookie })).json).toMatchObject({ via: 'cookie', keyName: 'me', csrf });
    expect((await fetch(`${b.url}/bench/ui/session`, { method: 'DELETE', headers: { cookie, 'x-bench-csrf': csrf } })).status).toBe(204);
    expect((await a.get('/bench/collections', { cookie })).status).toBe(401);
  });
});
