import { freePort, postgresServerAvailable, startFakeUpstream, startPostgresServer, type FakeUpstream, type PostgresService } from '@bench/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configFile } from './test-support/config-file';
import { runCliToExit, startCli, type RunningCli } from './test-support/run-cli';

const running: RunningCli[] = [];
let upstream: FakeUpstream;
beforeAll(async () => {
  upstream = await startFakeUpstream({ models: { 'up-1': { answer: { text: 'one' } } } });
});
afterAll(async () => {
  await Promise.all(running.map((cli) => cli.stop()));
  await upstream.close();
});

/** Waits until the output has settled after the ready line (the summary and warnings follow it). */
async function settledOutput(cli: RunningCli, needle: string): Promise<string> {
  for (let i = 0; i < 100 && !cli.output().includes(needle); i += 1) await new Promise((resolve) => setTimeout(resolve, 50));
  return cli.output();
}

describe('a start-up that explains itself', () => {
  it('prints the ready line on its own line, then collections, models, keys (names only), ledger, state and a curl', async () => {
    const path = configFile({
      ledger: 'memory:',
      providers: { up: { baseURL: upstream.baseURL('openai-chat'), api: 'openai-chat' } },
      models: { m1: { provider: 'up', model: 'up-1' }, m2: { provider: 'up', model: 'up-2' } },
      collections: { core: { members: ['m1', 'm2'], reply: 'route' }, duo: { members: ['m1', 'm2'], reply: 'merged', merger: 'm1' } },
      keys: { alice: { keyEnv: 'BENCH_KEY_ALICE' } },
      aliases: { 'claude-*': 'bench/core' },
    });
    const cli = await startCli(['--config', path, '--port', '0'], { BENCH_KEY_ALICE: 'sk-very-secret-value' });
    running.push(cli);
    const output = await settledOutput(cli, '  try ');
    expect(output).toMatch(new RegExp(`^bench gateway listening on ${cli.url.replace(/[.:/]/g, '\\$&')}$`, 'm'));
    expect(output).toContain('bench/core (route): m1, m2');
    expect(output).toContain('bench/duo (merged by m1): m1, m2');
    expect(output).toContain('up: m1 (up-1), m2 (up-2)');
    expect(output).toContain('claude-* → bench/core');
    expect(output).toContain('keys         alice (BENCH_KEY_ALICE)');
    expect(output).toContain('ledger       memory: kept only while the gateway runs');
    expect(output).toContain('state        memory: this process only');
    expect(output).toContain(`curl -s ${cli.url}/v1/chat/completions -H "authorization: Bearer $BENCH_KEY_ALICE"`);
    expect(output).not.toContain('sk-very-secret-value');
    expect(output).not.toContain('warning');
  });

  it('warns of an unset provider key, a model nothing reaches, an alias that shadows a collection, and a Redis that cannot be reached (no password shown)', async () => {
    const redisPort = await freePort();
    const path = configFile({
      ledger: 'memory:',
      state: `redis://:hunter2@127.0.0.1:${redisPort}`,
      providers: { up: { baseURL: upstream.baseURL('openai-chat'), api: 'openai-chat', apiKeyEnv: 'UP_API_KEY' } },
      models: { m1: { provider: 'up', model: 'up-1' }, lonely: { provider: 'up', model: 'up-2' } },
      collections: { core: { members: ['m1'] } },
      aliases: { core: 'm1', 'bench/*': 'm1' },
    });
    const cli = await startCli(['--config', path, '--port', '0']);
    running.push(cli);
    const output = await settledOutput(cli, 'state store');
    expect(output).toContain('bench: warning: provider up: UP_API_KEY is not set, so its models are called without a key; set UP_API_KEY');
    expect(output).toContain('bench: warning: model lonely: no collection and no alias reaches it');
    expect(output).toContain('bench: warning: alias "core": it shadows collection core');
    expect(output).toContain('bench: warning: alias "bench/*": it matches bench/core');
    expect(output).toContain(`bench: warning: the state store (Redis at 127.0.0.1:${redisPort}) cannot be reached: ECONNREFUSED`);
    expect(output).toContain(`state        Redis: redis://:***@127.0.0.1:${redisPort}`);
    expect(output).not.toContain('hunter2');
  });

  it('refuses a Postgres ledger that cannot be reached, naming it as the ledger with its address and no password', async () => {
    const port = await freePort();
    const path = configFile({ ledger: `postgres://bench:hunter2@127.0.0.1:${port}/bench` });
    const run = await runCliToExit(['--config', path, '--port', '0']);
    expect(run.code).toBe(2);
    expect(run.output).toContain(`the ledger (Postgres at 127.0.0.1:${port}) cannot be reached: ECONNREFUSED`);
    expect(run.output).not.toContain('hunter2');
  });

  describe.skipIf(!postgresServerAvailable())('with a real PostgreSQL', () => {
    let postgres: PostgresService;
    beforeAll(async () => {
      postgres = await startPostgresServer();
    });
    afterAll(() => postgres?.stop());

    it('names a reachable Postgres ledger without its password', async () => {
      const url = postgres.createDatabase().replace('postgres://postgres@', 'postgres://postgres:hunter2@');
      const cli = await startCli(['--config', configFile({ ledger: url }), '--port', '0']);
      running.push(cli);
      const output = await settledOutput(cli, 'state ');
      expect(output).toMatch(/ledger {7}Postgres: postgres:\/\/postgres:\*\*\*@127\.0\.0\.1:\d+\//);
      expect(output).not.toContain('hunter2');
    });
  });
});
