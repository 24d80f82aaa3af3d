import {
  freePort,
  postgresServerAvailable,
  redisServerAvailable,
  startFakeUpstream,
  startPostgresServer,
  startRedisServer,
  type FakeUpstream,
  type PostgresService,
  type RedisService,
} from '@bench/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configFile } from './test-support/config-file';
import { runCli } from './test-support/run-cli';

const servicesHere = redisServerAvailable() && postgresServerAvailable();

describe('bench-gateway check', () => {
  let upstream: FakeUpstream;
  beforeAll(async () => {
    upstream = await startFakeUpstream({ models: { 'up-1': { answer: { text: 'one' } } } });
  });
  afterAll(async () => {
    await upstream.close();
  });

  it('passes a config whose provider lists its models, with one line each and exit 0', async () => {
    const path = configFile({
      ledger: 'memory:',
      providers: { up: { baseURL: upstream.baseURL('openai-chat'), api: 'openai-chat', apiKeyEnv: 'UP_KEY' } },
      models: { m1: { provider: 'up', model: 'up-1' }, m2: { provider: 'up', model: 'up-typo' } },
      collections: { core: { members: ['m1', 'm2'] } },
      keys: { alice: { keyEnv: 'BENCH_KEY_ALICE' } },
    });
    const run = await runCli(['check', '--config', path], { UP_KEY: 'sk-up', BENCH_KEY_ALICE: 'sk-alice' });
    expect(run.stdout).toContain(`ok    config ${path}: 1 providers, 2 models, 1 collections, 1 keys`);
    expect(run.stdout).toContain('ok    key alice: BENCH_KEY_ALICE is set');
    expect(run.stdout).toContain(`ok    provider up: 1 models listed at ${upstream.baseURL('openai-chat')}/models`);
    expect(run.stdout).toContain('warn  model m2: up does not list "up-typo"');
    expect(run.stdout).toContain('ok    state memory');
    expect(run.stdout).not.toContain('sk-up');
    expect(run.stdout.trim().split('\n').at(-1)).toBe('check: ready to serve');
    expect(run.code).toBe(0);
  });

  it("warns about a key pool's unset variables and lists with a key that is set; fails when none is", async () => {
    const pooled = (apiKeyEnv: string[]) =>
      configFile({
        ledger: 'memory:',
        providers: { up: { baseURL: upstream.baseURL('openai-chat'), api: 'openai-chat', apiKeyEnv } },
        models: { m1: { provider: 'up', model: 'up-1' } },
        collections: { core: { members: ['m1'] } },
      });
    const some = await runCli(['check', '--config', pooled(['POOL_A', 'POOL_B', 'POOL_C'])], { POOL_B: 'sk-pool-b' });
    expect(some.stdout).toContain('warn  provider up: POOL_A, POOL_C of its key pool are not set, so the pool runs on POOL_B');
    expect(some.stdout).toContain(`ok    provider up: 1 models listed at ${upstream.baseURL('openai-chat')}/models`);
    expect(some.stdout).not.toContain('sk-pool-b');
    expect(some.code).toBe(0);
    const none = await runCli(['check', '--config', pooled(['POOL_A', 'POOL_B'])]);
    expect(none.stdout).toContain('FAIL  provider up: no variable of its key pool (POOL_A, POOL_B) is set, so its models are called without a key');
    expect(none.code).toBe(1);
  });

  it('fails on an unreachable provider, an unset key variable and an invalid config, exit 1', async () => {
    const port = await freePort();
    const path = configFile({
      ledger: 'memory:',
      providers: { gone: { baseURL: `http://127.0.0.1:${port}/v1`, api: 'anthropic', apiKeyEnv: 'GONE_KEY' } },
      models: { m1: { provider: 'gone', model: 'x' } },
      collections: { core: { members: ['m1'] } },
      keys: { alice: { keyEnv: 'BENCH_KEY_ALICE' } },
    });
    const run = await runCli(['check', '--config', path]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(`FAIL  provider gone: cannot list its models at http://127.0.0.1:${port}/v1/models: not reachable (ECONNREFUSED)`);
    expect(run.stdout).toContain('FAIL  provider gone: GONE_KEY is not set');
    expect(run.stdout).toContain('FAIL  key alice: BENCH_KEY_ALICE is not set');
    expect(run.stdout).toContain('check: 3 problem(s) a request would hit');

    const invalid = await runCli(['check', '--config', configFile({ colections: {} })]);
    expect(invalid.code).toBe(1);
    expect(invalid.stdout).toContain('FAIL  config colections: unknown key "colections" (did you mean "collections"?)');
  });

  describe.skipIf(!servicesHere)('with a real redis-server and PostgreSQL', () => {
    let redis: RedisService;
    let postgres: PostgresService;
    beforeAll(async () => {
      [redis, postgres] = await Promise.all([startRedisServer(), startPostgresServer()]);
    });
    afterAll(() => {
      redis?.stop();
      postgres?.stop();
    });

    it('reaches the ledger and the state store when they are up, and fails each when it is down', async () => {
      const ledger = postgres.createDatabase();
      const up = await runCli(['check', '--config', configFile({ ledger, state: redis.url })]);
      expect(up.stdout).toMatch(/ok {4}ledger Postgres at 127\.0\.0\.1:\d+: connected/);
      expect(up.stdout).toContain(`ok    state Redis at 127.0.0.1:${redis.port}: answers`);
      expect(up.code).toBe(0);

      const [deadPg, deadRedis] = [await freePort(), await freePort()];
      const down = await runCli([
        'check',
        '--config',
        configFile({ ledger: `postgres://u:pw@127.0.0.1:${deadPg}/db`, state: `redis://127.0.0.1:${deadRedis}` }),
      ]);
      expect(down.code).toBe(1);
      expect(down.stdout).toContain(`FAIL  ledger Postgres at 127.0.0.1:${deadPg}: cannot be reached: ECONNREFUSED`);
      expect(down.stdout).toContain(`FAIL  state Redis at 127.0.0.1:${deadRedis}: cannot be reached: ECONNREFUSED`);
      expect(down.stdout).not.toContain('pw@');
    });
  });
});
