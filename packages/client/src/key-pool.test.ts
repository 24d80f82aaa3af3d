import { faults, startFakeUpstream, type FakeUpstream } from '@bench/testkit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createClient, type Client } from './create-client';
import { createMemoryHealthStore, type HealthStore } from './health/health-store';
import { DEFAULT_KEY_REFUSED_MS, keyHealthId, type KeyPool } from './key-pool';
import { keyPoolStatus } from './key-pool-status';
import type { ModelTarget } from './model-target';
import { ask, FAST, readAll, target } from './test-helpers';

const POOL: KeyPool = {
  id: 'openai',
  keys: [
    { name: 'OPENAI_KEY_A', value: 'sk-aaa' },
    { name: 'OPENAI_KEY_B', value: 'sk-bbb' },
  ],
};

let upstream: FakeUpstream;
let client: Client;
let keyHealth: HealthStore;
let clock: number;
beforeEach(async () => {
  upstream = await startFakeUpstream();
  clock = Date.parse('2026-01-01T00:00:00Z');
  keyHealth = createMemoryHealthStore();
  client = createClient({ timeouts: FAST, random: () => 0, retry: { backoffMs: 20 }, now: () => clock, keyHealth });
});
afterEach(async () => {
  await client.close();
  await upstream.close();
});

/** A target on the pool (no `apiKey` of its own). */
const pooled = (alias: string, pool: KeyPool = POOL): ModelTarget => {
  const { apiKey: _none, ...rest } = target(upstream, alias);
  return { ...rest, keyPool: pool };
};
const keysSeen = () => upstream.requests.map((request) => request.apiKey);
const statusOf = async (pool: KeyPool = POOL) => keyPoolStatus(pool, await keyHealth.read([...pool.keys.map((k) => keyHealthId(pool, k.name))], clock), clock);

describe('a provider key pool', () => {
  it('takes the next key call by call (round-robin), and reports the variable it used, never the key', async () => {
    const results = [];
    for (let call = 0; call < 3; call += 1) results.push((await readAll(client.call(pooled('m1'), ask()))).result);
    expect(keysSeen()).toEqual(['sk-aaa', 'sk-bbb', 'sk-aaa']);
    expect(results.map((result) => [result.ok, result.providerKey, result.attempts[0]?.providerKey])).toEqual([
      [true, 'OPENAI_KEY_A', 'OPENAI_KEY_A'],
      [true, 'OPENAI_KEY_B', 'OPENAI_KEY_B'],
      [true, 'OPENAI_KEY_A', 'OPENAI_KEY_A'],
    ]);
    expect(JSON.stringify(results.map((result) => result.attempts))).not.toMatch(/sk-aaa|sk-bbb/);
  });

  it.each([401, 402, 403])('puts a key that answers %i out for the long cooldown and goes on with the next key, on the same member', async (status) => {
    upstream.scriptKey('sk-aaa', { error: { status } });
    upstream.script('m1', { answer: { text: 'from key B' } });
    const { result } = await readAll(client.failover([pooled('m1'), target(upstream, 'm2')], ask()));
    expect(result).toMatchObject({ ok: true, alias: 'm1', text: 'from key B', providerKey: 'OPENAI_KEY_B' });
    expect(result.attempts.map((a) => [a.alias, a.providerKey, a.ok, a.status])).toEqual([
      ['m1', 'OPENAI_KEY_A', false, status],
      ['m1', 'OPENAI_KEY_B', true, 200],
    ]);
    expect(await statusOf()).toEqual([
      { name: 'OPENAI_KEY_A', state: 'cooling', why: 'refused', until: clock + DEFAULT_KEY_REFUSED_MS },
      { name: 'OPENAI_KEY_B', state: 'ready' },
    ]);
    // The refused key is not asked again while it cools: every later call goes to B.
    upstream.clearRequests();
    for (let call = 0; call < 2; call += 1) await readAll(client.call(pooled('m1'), ask()));
    expect(keysSeen()).toEqual(['sk-bbb', 'sk-bbb']);
    // Once the cooldown is over, the key is back in the rotation.
    clock += DEFAULT_KEY_REFUSED_MS + 1;
    upstream.clearRequests();
    upstream.scriptKey('sk-aaa', { answer: { text: 'A again' } });
    for (let call = 0; call < 2; call += 1) await readAll(client.call(pooled('m1'), ask()));
    expect(new Set(keysSeen())).toEqual(new Set(['sk-aaa', 'sk-bbb']));
  });

  it('takes the cooldown of a refused key from the pool', async () => {
    upstream.scriptKey('sk-aaa', { error: { status: 401 } });
    await readAll(client.call(pooled('m1', { ...POOL, refusedForMs: 600_000 }), ask()));
    expect((await statusOf())[0]).toEqual({ name: 'OPENAI_KEY_A', state: 'cooling', why: 'refused', until: clock + 600_000 });
  });

  it('cools a key that answers 429 for its Retry-After, and moves to the next key at once rather than wait on the first', async () => {
    upstream.scriptKey('sk-aaa', faults.rateLimited({ retryAfterSeconds: 2 }));
    const { result } = await readAll(client.call(pooled('m1'), ask()));
    expect(result).toMatchObject({ ok: true, providerKey: 'OPENAI_KEY_B' });
    expect(keysSeen()).toEqual(['sk-aaa', 'sk-bbb']);
    expect(await statusOf()).toEqual([
      { name: 'OPENAI_KEY_A', state: 'cooling', why: 'rate-limited', until: clock + 2_000 },
      { name: 'OPENAI_KEY_B', state: 'ready' },
    ]);
  });

  it('cools a key that answers 429 without Retry-After for the usual cooldown', async () => {
    upstream.scriptKey('sk-aaa', faults.rateLimited());
    await readAll(client.call(pooled('m1'), ask(), { cooldown: { forMs: 45_000 } }));
    expect((await statusOf())[0]).toEqual({ name: 'OPENAI_KEY_A', state: 'cooling', why: 'rate-limited', until: clock + 45_000 });
  });

  it('does not rotate keys for what is not the key: a 5xx fails over to the next member', async () => {
    upstream.scriptKey('sk-aaa', { error: { status: 500 } });
    upstream.script('m2', { answer: { text: 'from m2' } });
    const { result } = await readAll(client.failover([pooled('m1'), target(upstream, 'm2')], ask(), { retry: { serverErrorRetries: 0 } }));
    expect(result).toMatchObject({ ok: true, alias: 'm2' });
    expect(keysSeen()).toEqual(['sk-aaa', 'sk-test-key']);
    expect(await statusOf()).toEqual([
      { name: 'OPENAI_KEY_A', state: 'ready' },
      { name: 'OPENAI_KEY_B', state: 'ready' },
    ]);
  });

  it('fails the member over like an unavailable one when every key is out, saying the pool is exhausted and when a key comes back', async () => {
    upstream.scriptKey('sk-aaa', { error: { status: 401 } });
    upstream.scriptKey('sk-bbb', { error: { status: 402 } });
    upstream.script('m2', { answer: { text: 'from m2' } });
    const first = (await readAll(client.failover([pooled('m1'), target(upstream, 'm2')], ask()))).result;
    expect(first).toMatchObject({ ok: true, alias: 'm2' });
    expect(keysSeen()).toEqual(['sk-aaa', 'sk-bbb', 'sk-test-key']);
    // The next call sends nothing with the pool: its member is reported failed, with the reason.
    upstream.clearRequests();
    clock += 60_000;
    const second = (await readAll(client.failover([pooled('m1'), target(upstream, 'm2')], ask()))).result;
    expect(second).toMatchObject({ ok: true, alias: 'm2' });
    expect(keysSeen()).toEqual(['sk-test-key']);
    const exhausted = second.attempts[0];
    expect(exhausted).toMatchObject({ alias: 'm1', ok: false, error: { name: 'ProviderRefusedError' } });
    expect(exhausted?.error?.message).toBe(
      "m1: every key of provider openai's pool is cooling (OPENAI_KEY_A refused (401/402/403) until 2026-01-01T01:00:00.000Z, OPENAI_KEY_B refused (401/402/403) until 2026-01-01T01:00:00.000Z); the first comes back in 59 min",
    );
  });

  it('answers 429 with the soonest wait when every key of the only member is rate limited', async () => {
    upstream.scriptKey('sk-aaa', faults.rateLimited({ retryAfterSeconds: 30 }));
    upstream.scriptKey('sk-bbb', faults.rateLimited({ retryAfterSeconds: 20 }));
    const { result } = await readAll(client.call(pooled('m1'), ask()));
    expect(result).toMatchObject({ ok: false, status: 429 });
    expect(result.error?.message).toMatch(/every key of provider openai's pool is cooling .*; the first comes back in 20 s$/);
    expect(result.error?.replyHeaders).toEqual({ 'retry-after': '20' });
  });

  it('shares cooldowns through its health store: another client with the same store skips the refused key', async () => {
    const other = createClient({ timeouts: FAST, now: () => clock, keyHealth });
    try {
      upstream.scriptKey('sk-aaa', { error: { status: 403 } });
      await readAll(client.call(pooled('m1'), ask()));
      upstream.clearRequests();
      for (let call = 0; call < 2; call += 1) await readAll(other.call(pooled('m1'), ask()));
      expect(keysSeen()).toEqual(['sk-bbb', 'sk-bbb']);
    } finally {
      await other.close();
    }
  });

  it('refuses a pool it cannot use, naming the field and never a value', () => {
    expect(() => client.call({ ...pooled('m1'), keyPool: { id: 'openai', keys: [] } }, ask())).toThrow('target.keyPool.keys: must list at least one key');
    expect(() => client.call({ ...pooled('m1'), keyPool: { id: 'openai', keys: [{ name: 'K', value: '' }] } }, ask())).toThrow(
      'target.keyPool.keys[0].value: K: must be the key itself, not empty',
    );
    expect(() =>
      client.call(
        {
          ...pooled('m1'),
          keyPool: {
            id: 'openai',
            keys: [
              { name: 'K', value: 'sk-1' },
              { name: 'K', value: 'sk-2' },
            ],
          },
        },
        ask(),
      ),
    ).toThrow('target.keyPool.keys[1].name: "K" is in the pool twice');
  });
});
