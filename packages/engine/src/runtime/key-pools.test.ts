import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NeutralRequest } from '@bench/formats';
import { createLedger } from '@bench/ledger';
import { startFakeUpstream, type FakeUpstream } from '@bench/testkit';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../create-engine';
import type { Engine } from '../engine';

let upstream: FakeUpstream;
beforeAll(async () => {
  upstream = await startFakeUpstream();
});
afterAll(() => upstream.close());

const fast = { firstTokenMs: 2000, idleMs: 2000, totalMs: 10000, graceMs: 1000 };
const ENV = { POOL_KEY_A: 'sk-pool-aaa', POOL_KEY_B: 'sk-pool-bbb', OTHER_KEY: 'sk-other' };

function poolConfig(more: Record<string, unknown> = {}) {
  return {
    ledger: 'memory:',
    providers: {
      pooled: { baseURL: upstream.baseURL('openai-chat'), api: 'openai-chat', apiKeyEnv: ['POOL_KEY_A', 'POOL_KEY_B', 'POOL_KEY_C'] },
      other: { baseURL: upstream.baseURL('anthropic'), api: 'anthropic', apiKeyEnv: 'OTHER_KEY' },
    },
    models: { m1: { provider: 'pooled', model: 'up-1' }, m2: { provider: 'other', model: 'up-2' } },
    collections: {
      agents: { members: ['m1', 'm2'], reply: 'route', order: 'listed' },
      panel: { members: ['m1', 'm2'], reply: 'all' },
    },
    defaults: { timeouts: fast, retry: { serverErrorRetries: 0 } },
    ...more,
  };
}

const ask = (text: string): NeutralRequest => ({
  model: '',
  system: [],
  messages: [{ role: 'user', content: [{ type: 'text', text }] }],
  stream: false,
  extra: {},
});

async function exported(engine: Engine): Promise<string[]> {
  await engine.ledger.flush();
  let text = '';
  for await (const piece of engine.ledger.exportCalls({ format: 'jsonl' })) text += piece;
  return text.trim().split('\n');
}

describe('provider key pools in the engine', () => {
  let engine: Engine;
  afterEach(async () => {
    await engine.close();
    upstream.clearRequests();
    upstream.scriptKey('sk-pool-aaa', { answer: { text: 'A' } });
  });

  it("goes on with the pool's next key when one is refused, records each call by the key's variable (never its value), and health shows the key cooling", async () => {
    engine = await createEngine(poolConfig(), { env: ENV });
    upstream.scriptKey('sk-pool-aaa', { error: { status: 401 } });
    const { reply, headers } = await engine.turn(ask('hello'), { model: 'bench/agents' }).reply();
    expect(headers['x-bench-model']).toBe('m1');
    expect(JSON.stringify(reply.content)).toContain('hello');
    expect(upstream.requests.map((request) => request.apiKey)).toEqual(['sk-pool-aaa', 'sk-pool-bbb']);

    const rows = await exported(engine);
    const recorded = rows.map((row) => JSON.parse(row) as Record<string, unknown>).map((row) => [row.alias, row.status, row.providerKey]);
    expect(recorded.sort()).toEqual([
      ['m1', 'ok', 'POOL_KEY_B'],
      ['m1', 'provider-refused', 'POOL_KEY_A'],
    ]);
    for (const row of rows) expect(row).not.toMatch(/sk-pool|sk-other/);

    const health = await engine.health();
    expect(health.keyPools).toEqual({
      pooled: {
        keys: [
          { name: 'POOL_KEY_A', state: 'cooling', why: 'refused', until: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) },
          { name: 'POOL_KEY_B', state: 'ready' },
          { name: 'POOL_KEY_C', state: 'unset' },
        ],
      },
    });
    const cooling = health.keyPools?.pooled?.keys[0] as { until: string };
    const until = Date.parse(cooling.until);
    expect(until - Date.now()).toBeGreaterThan(59 * 60_000); // the default long cooldown: an hour
    expect(JSON.stringify(health)).not.toMatch(/sk-pool/);
  });

  it('takes the cooldown of a refused key from the provider, and names the key on a single-key provider and a panel seat too', async () => {
    const config = poolConfig();
    (config.providers.pooled as Record<string, unknown>).refusedKeyCooldownMs = 120_000;
    engine = await createEngine(config, { env: ENV });
    upstream.scriptKey('sk-pool-aaa', { error: { status: 403 } });
    await engine.turn(ask('a panel'), { model: 'bench/panel' }).reply();
    const rows = (await exported(engine)).map((row) => JSON.parse(row) as Record<string, unknown>);
    expect(rows.map((row) => [row.alias, row.purpose, row.providerKey]).sort()).toEqual([
      ['m1', 'seat', 'POOL_KEY_B'],
      ['m2', 'seat', 'OTHER_KEY'],
    ]);
    const cooling = (await engine.health()).keyPools?.pooled?.keys[0] as { until: string };
    expect(Date.parse(cooling.until) - Date.now()).toBeLessThanOrEqual(120_000);
  });

  it('fails the member over when every key is out, saying the pool is exhausted and when a key comes back', async () => {
    engine = await createEngine(poolConfig(), { env: ENV });
    upstream.scriptKey('sk-pool-aaa', { error: { status: 402 } });
    upstream.scriptKey('sk-pool-bbb', { error: { status: 401 } });
    const { headers } = await engine.turn(ask('first'), { model: 'bench/agents' }).reply();
    expect(headers['x-bench-model']).toBe('m2');
    const second = await engine.turn(ask('second'), { model: 'bench/agents' }).reply();
    expect(second.headers['x-bench-model']).toBe('m2');
    const rows = (await exported(engine)).map((row) => JSON.parse(row) as Record<string, unknown>);
    const exhausted = rows.filter((row) => row.alias === 'm1' && row.providerKey === null);
    expect(exhausted).toHaveLength(1);
    expect(exhausted[0]?.errorMessage).toMatch(
      /^m1: every key of provider pooled's pool is cooling \(POOL_KEY_A refused \(401\/402\/403\) until .*, POOL_KEY_B refused .*\); the first comes back in 60 min$/,
    );
  });
});

describe('retention from the config', () => {
  const dir = mkdtempSync(join(tmpdir(), 'bench-engine-retention-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('deletes the calls older than `retention` from the ledger the engine opens, at start, and says so in the log', async () => {
    const url = `sqlite:${join(dir, 'ledger.db')}`;
    const day = 86_400_000;
    const seed = await createLedger(url);
    seed.recordCall({ id: 'old.1', time: Date.now() - 3 * day, purpose: 'seat', collection: 'panel', alias: 'm1', status: 'ok' });
    seed.recordCall({ id: 'new.1', time: Date.now() - day / 2, purpose: 'seat', collection: 'panel', alias: 'm1', status: 'ok' });
    await seed.close();
    let logged: (fields: Record<string, unknown>) => void = () => undefined;
    const pruned = new Promise<Record<string, unknown>>((resolve) => (logged = resolve));
    const logger = { warn: () => undefined, error: () => undefined, info: (fields: Record<string, unknown>) => logged(fields) };
    const engine = await createEngine(poolConfig({ ledger: url, retention: '2d' }), { env: ENV, logger });
    try {
      expect(await pruned).toMatchObject({ calls: 1, turns: 0 });
      expect(await engine.ledger.getCall('old.1')).toBeUndefined();
      expect(await engine.ledger.getCall('new.1')).toBeDefined();
      expect((await engine.ledger.stats())[0]).toMatchObject({ alias: 'm1', calls: 2 });
    } finally {
      await engine.close();
    }
  });
});
