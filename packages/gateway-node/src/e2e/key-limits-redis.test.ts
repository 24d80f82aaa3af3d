import { redisServerAvailable, startRedisServer, type RedisService } from '@bench/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ask, sdksFor } from './sdk-clients';
import { refusalThroughSdk } from './sdk-refusal';
import { startTestGateway, type TestGateway } from './test-gateway';

const haveRedis = redisServerAvailable();
const KEYS = { rpm: 'rpm-secret-0001', tpm: 'tpm-secret-0002', budget: 'budget-secret-0003' };

let redis: RedisService;
let a: TestGateway;
let b: TestGateway;

/** A replica on the shared Redis, each with its own (memory) ledger: what they share is only the state store. */
async function replica(): Promise<TestGateway> {
  const gateway = await startTestGateway({
    env: { KEY_RPM: KEYS.rpm, KEY_TPM: KEYS.tpm, KEY_BUDGET: KEYS.budget },
    config: (base) => ({
      ...base,
      state: redis.url,
      keys: {
        'rpm-key': { keyEnv: 'KEY_RPM', rpm: 2 },
        'tpm-key': { keyEnv: 'KEY_TPM', tpm: 100 },
        'budget-key': { keyEnv: 'KEY_BUDGET', budget: { usd: 0.01, per: 'day' } },
      },
    }),
  });
  // m1 costs $1 a million input tokens: each answer is 10 000 tokens and $0.01.
  gateway.upstream.script('up-1', { answer: { text: 'shared', usage: { inputTokens: 10_000, outputTokens: 0 } } });
  return gateway;
}

async function keyUsage(gateway: TestGateway, key: string): Promise<any> {
  return (await fetch(`${gateway.url}/bench/keys/me`, { headers: { authorization: `Bearer ${key}` } })).json();
}

/** Until the other replica sees what a turn counted (tokens and spend are counted just after its reply ends). */
async function untilSeen(gateway: TestGateway, key: string, limit: 'tpm' | 'budget', used: number) {
  for (let tries = 0; tries < 250; tries += 1) {
    if ((await keyUsage(gateway, key)).limits[limit].used >= used) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`${limit} never reached ${used}`);
}

const turn = (gateway: TestGateway, key: string) => ask(sdksFor(gateway.url, key), 'openai-chat', 'bench/agents', 'hello', false);

describe.skipIf(!haveRedis)('limits shared by two replicas through Redis, and kept across a restart', () => {
  beforeAll(async () => {
    redis = await startRedisServer();
    [a, b] = await Promise.all([replica(), replica()]);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    redis?.stop();
  });

  it("a key's rpm counts its requests to both replicas", async () => {
    await turn(a, KEYS.rpm);
    await turn(b, KEYS.rpm);
    for (const gateway of [a, b]) {
      const refused = await refusalThroughSdk(gateway.url, KEYS.rpm, 'openai-chat', 'bench/agents', false);
      expect(refused).toMatchObject({ status: 429, message: expect.stringContaining('key "rpm-key" is over its rpm of 2 (2 requests in the last minute)') });
    }
    expect([a.upstream.requests.length, b.upstream.requests.length]).toEqual([1, 1]);
  });

  it("a key's tokens on one replica count on the other", async () => {
    await turn(a, KEYS.tpm);
    await untilSeen(b, KEYS.tpm, 'tpm', 10_000);
    const refused = await refusalThroughSdk(b.url, KEYS.tpm, 'ollama', 'bench/agents', true);
    expect(refused).toMatchObject({ status: 429, message: expect.stringContaining('key "tpm-key" is over its tpm of 100 (10000 tokens in the last minute)') });
  });

  it("a key's spend on one replica counts on the other", async () => {
    await turn(b, KEYS.budget);
    await untilSeen(a, KEYS.budget, 'budget', 0.01);
    const refused = await refusalThroughSdk(a.url, KEYS.budget, 'anthropic', 'bench/agents', true);
    expect(refused).toMatchObject({ status: 429, message: expect.stringContaining('key "budget-key" is over its budget of $0.01 a day ($0.01 spent since') });
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
  });

  it('a replica restarted on the same Redis keeps the counts', async () => {
    await a.close();
    a = await replica();
    for (const key of [KEYS.rpm, KEYS.tpm, KEYS.budget]) {
      expect((await refusalThroughSdk(a.url, key, 'gemini', 'agents', false)).status).toBe(429);
    }
    const usage = await keyUsage(a, KEYS.budget);
    expect(usage.limits.budget).toMatchObject({ limit: 0.01, used: 0.01, window: 'day' });
    expect(a.upstream.requests).toHaveLength(0);
  });
});
