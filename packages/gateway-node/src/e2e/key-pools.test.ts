import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { faults, redisServerAvailable, startRedisServer, type RedisService } from '@bench/testkit';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sdksFor } from './sdk-clients';
import { startTestGateway, type TestGateway } from './test-gateway';

const SECRETS = { POOL_KEY_A: 'sk-pool-secret-aaaa', POOL_KEY_B: 'sk-pool-secret-bbbb' };
const ADMIN = 'admin-secret-key-0003';
const USER = 'user-secret-key-0004';

const dir = mkdtempSync(join(tmpdir(), 'bench-key-pools-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;

/** The test gateway whose OpenAI Chat and Anthropic providers share one key pool's variables; its ledger in a SQLite file. */
function pooledGateway(options: { state?: string; keys?: boolean } = {}): Promise<TestGateway> {
  const ledger = join(dir, `ledger-${++files}.db`);
  return startTestGateway({
    env: { ...SECRETS, ADMIN_KEY: ADMIN, USER_KEY: USER },
    config: (base) => ({
      ...base,
      ledger: `sqlite:${ledger}`,
      ...(options.state ? { state: options.state } : {}),
      providers: {
        ...base.providers,
        chat: { ...base.providers.chat, apiKeyEnv: ['POOL_KEY_A', 'POOL_KEY_B'] },
      },
      ...(options.keys ? { keys: { admin: { keyEnv: 'ADMIN_KEY', admin: true }, user: { keyEnv: 'USER_KEY' } } } : {}),
    }),
  });
}

const keysSeen = (gateway: TestGateway) => gateway.upstream.requests.map((request) => request.apiKey);

async function ledgerRows(gateway: TestGateway): Promise<string[]> {
  const { ledger } = gateway.gateway.engine;
  await ledger.flush();
  let text = '';
  for await (const chunk of ledger.exportCalls({ format: 'jsonl' })) text += chunk;
  return text.trim().split('\n');
}

/** Every byte the ledger's SQLite file (and its write-ahead log) holds. */
function ledgerBytes(gateway: TestGateway): string {
  const path = gateway.gateway.engine.config.ledger.slice('sqlite:'.length);
  return [path, `${path}-wal`]
    .filter(existsSync)
    .map((file) => readFileSync(file).toString('latin1'))
    .join('');
}

async function health(gateway: TestGateway, key?: string): Promise<Record<string, any>> {
  const response = await fetch(`${gateway.url}/bench/health`, key ? { headers: { authorization: `Bearer ${key}` } } : {});
  return (await response.json()) as Record<string, any>;
}

describe('provider key pools through the gateway', () => {
  let gateway: TestGateway;
  afterEach(() => gateway?.close());

  it.each([
    [401, { error: { status: 401 } }, 'refused'],
    [402, { error: { status: 402 } }, 'refused'],
    [403, { error: { status: 403 } }, 'refused'],
    [429, faults.rateLimited({ retryAfterSeconds: 30 }), 'rate-limited'],
  ])('a key that answers %i is put out, and the turn goes on with the next key of the pool before the next member', async (status, behaviour, why) => {
    gateway = await pooledGateway();
    gateway.upstream.scriptKey(SECRETS.POOL_KEY_A, behaviour);
    const reply = (await sdksFor(gateway.url).openai.chat.completions.create({
      model: 'bench/agents',
      messages: [{ role: 'user', content: `rotate on ${status}` }],
    })) as any;
    expect(reply.bench).toMatchObject({ alias: 'm1' });
    expect(keysSeen(gateway)).toEqual([SECRETS.POOL_KEY_A, SECRETS.POOL_KEY_B]);

    const rows = await ledgerRows(gateway);
    const recorded = rows.map((row) => JSON.parse(row)).map((row) => [row.alias, row.providerKey, row.status === 'ok']);
    expect(recorded.sort()).toEqual([
      ['m1', 'POOL_KEY_A', false],
      ['m1', 'POOL_KEY_B', true],
    ]);
    for (const row of rows) expect(row).not.toMatch(/sk-pool-secret/);
    expect(ledgerBytes(gateway)).toContain('POOL_KEY_B');
    expect(ledgerBytes(gateway)).not.toContain('sk-pool-secret');

    const shown = await health(gateway);
    expect(shown.keyPools).toEqual({
      chat: {
        keys: [
          { name: 'POOL_KEY_A', state: 'cooling', why, until: expect.any(String) },
          { name: 'POOL_KEY_B', state: 'ready' },
        ],
      },
    });
    if (status === 429) expect(Date.parse(shown.keyPools.chat.keys[0].until) - Date.now()).toBeLessThanOrEqual(30_000);
    expect(JSON.stringify(shown)).not.toMatch(/sk-pool-secret/);
  });

  it('answers an Anthropic caller the same way: the refused key is passed over without the caller seeing it', async () => {
    gateway = await pooledGateway();
    gateway.upstream.scriptKey(SECRETS.POOL_KEY_B, { error: { status: 401 } });
    const anthropic = sdksFor(gateway.url).anthropic;
    for (const text of ['one', 'two', 'three']) {
      const message = await anthropic.messages.create({ model: 'bench/agents', max_tokens: 50, messages: [{ role: 'user', content: text }] });
      expect(message.content[0]).toMatchObject({ type: 'text' });
    }
    // A, then B refused and A again in the same turn, then A only: B is not asked while it cools.
    expect(keysSeen(gateway)).toEqual([SECRETS.POOL_KEY_A, SECRETS.POOL_KEY_B, SECRETS.POOL_KEY_A, SECRETS.POOL_KEY_A]);
  });

  it("shows the pools' keys in health only to an admin key once keys are configured", async () => {
    gateway = await pooledGateway({ keys: true });
    expect((await health(gateway)).status).toBe('ok');
    expect(await health(gateway)).not.toHaveProperty('keyPools');
    expect(await health(gateway, USER)).not.toHaveProperty('keyPools');
    expect((await health(gateway, ADMIN)).keyPools.chat.keys.map((key: { name: string }) => key.name)).toEqual(['POOL_KEY_A', 'POOL_KEY_B']);
  });
});

describe.skipIf(!redisServerAvailable())('a key pool across two replicas sharing Redis', () => {
  let redis: RedisService;
  let a: TestGateway;
  let b: TestGateway;
  beforeAll(async () => {
    redis = await startRedisServer();
    [a, b] = await Promise.all([pooledGateway({ state: redis.url }), pooledGateway({ state: redis.url })]);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    redis?.stop();
  });

  it('a key refused on one replica is cooling on the other: it sends nothing with that key and its health says so', async () => {
    a.upstream.scriptKey(SECRETS.POOL_KEY_A, { error: { status: 401 } });
    b.upstream.scriptKey(SECRETS.POOL_KEY_A, { answer: { text: 'B would have taken key A' } });
    await sdksFor(a.url).openai.chat.completions.create({ model: 'bench/agents', messages: [{ role: 'user', content: 'on replica a' }] });
    expect(keysSeen(a)).toEqual([SECRETS.POOL_KEY_A, SECRETS.POOL_KEY_B]);
    for (const text of ['on replica b', 'again on b']) {
      await sdksFor(b.url).openai.chat.completions.create({ model: 'bench/agents', messages: [{ role: 'user', content: text }] });
    }
    expect(keysSeen(b)).toEqual([SECRETS.POOL_KEY_B, SECRETS.POOL_KEY_B]);
    expect((await health(b)).keyPools.chat.keys[0]).toMatchObject({ name: 'POOL_KEY_A', state: 'cooling', why: 'refused' });
  });
});
