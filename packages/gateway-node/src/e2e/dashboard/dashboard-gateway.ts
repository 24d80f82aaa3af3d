import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type FakeUpstream, startFakeUpstream } from '@bench/testkit';
import pino from 'pino';
import { createGateway, type Gateway } from '../../http/create-gateway';

/** `me` may open the dashboard; `alice` is a plain key. */
export const DASHBOARD_KEYS = { me: 'me-admin-key-0001', alice: 'alice-plain-key-0002' };

export interface DashboardGateway {
  url: string;
  gateway: Gateway;
  upstream: FakeUpstream;
  /** The config file the gateway reads and the dashboard's editor writes. */
  configPath: string;
  configText(): string;
  close(): Promise<void>;
}

const fast = { firstTokenMs: 3000, idleMs: 3000, totalMs: 15000, graceMs: 2000 };

/**
 * A real gateway for the dashboard's browser tests: a JSONC config file on disk (so the editor can write it),
 * a SQLite ledger on disk, transcripts kept (unless `transcripts: false`), an admin key and a plain one, and
 * testkit members m1–m4 speaking OpenAI Chat (m4 always rate limited); `shadowed` shadows every turn of m1 with m2.
 */
export async function startDashboardGateway(options: { transcripts?: boolean } = {}): Promise<DashboardGateway> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-dashboard-'));
  // m4 is always rate limited: an agent conversation's first turn fails over from it to m1, and it cools down.
  const upstream = await startFakeUpstream({ models: { 'up-4': { error: { status: 429 } } } });
  const provider = { baseURL: upstream.baseURL('openai-chat'), api: 'openai-chat', apiKeyEnv: 'UPSTREAM_KEY' };
  const config = {
    ledger: `sqlite:${join(dir, 'ledger.db')}`,
    state: 'memory:',
    server: { keepAliveMs: 200, shutdownGraceMs: 500 },
    providers: { local: provider },
    models: {
      m1: { provider: 'local', model: 'up-1', contextWindow: 100000, maxOutput: 4000, tools: true, vision: true, price: { input: 1, output: 2 } },
      m2: { provider: 'local', model: 'up-2', contextWindow: 100000, maxOutput: 4000, tools: true, vision: false, price: { input: 0.5, output: 1 } },
      m3: { provider: 'local', model: 'up-3', contextWindow: 100000, maxOutput: 4000, tools: true },
      m4: { provider: 'local', model: 'up-4', contextWindow: 100000, maxOutput: 4000, tools: true, vision: false },
    },
    collections: {
      core: { members: ['m1', 'm2', 'm3'], description: 'everyday questions', reply: 'all', timeouts: fast },
      agents: { members: ['m4', 'm1'], description: 'agent clients', reply: 'route', order: 'listed', timeouts: fast },
      shadowed: { members: ['m1'], reply: 'route', shadow: { rate: 1, members: ['m2'] }, timeouts: fast },
    },
    keys: { me: { keyEnv: 'BENCH_KEY_ME', admin: true }, alice: { keyEnv: 'BENCH_KEY_ALICE' } },
    ...(options.transcripts === false ? {} : { transcripts: { keep: '30d' } }),
    defaults: { timeouts: fast },
  };
  const configPath = join(dir, 'bench.jsonc');
  // A comment the editor must keep.
  const text = `// bench, as the dashboard's browser tests run it\n${JSON.stringify(config, null, 2)}\n`;
  writeFileSync(configPath, text);
  const gateway = await createGateway({
    config,
    configFile: { path: configPath, text },
    env: { UPSTREAM_KEY: 'upstream-secret', BENCH_KEY_ME: DASHBOARD_KEYS.me, BENCH_KEY_ALICE: DASHBOARD_KEYS.alice },
    logger: pino({ level: process.env.BENCH_TEST_LOG ?? 'silent' }),
  });
  const { url } = await gateway.listen({ port: 0, host: '127.0.0.1' });
  return {
    url,
    gateway,
    upstream,
    configPath,
    configText: () => readFileSync(configPath, 'utf8'),
    async close() {
      await gateway.close();
      await upstream.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
