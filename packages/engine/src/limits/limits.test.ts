import { EngineError } from '../errors/engine-error';
import { startFakeUpstream, type FakeUpstream } from '@bench/testkit';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../create-engine';
import type { Engine } from '../engine';
import { ask, collect, eventually, fast, sqliteOnDisk } from '../shadows/shadow-test-setup';
import { limitsTestModels } from './limits-test-setup';

let upstream: FakeUpstream;
beforeAll(async () => {
  upstream = await startFakeUpstream({ models: {} });
});
afterAll(() => upstream.close());

// Tuesday 2026-12-01 10:00 UTC.
const T = Date.UTC(2026, 11, 1, 10, 0, 0);
let clock = T;
const opened: Array<{ engine: Engine; remove?: () => void }> = [];
afterEach(async () => {
  for (const { engine, remove } of opened.splice(0)) {
    await engine.close().catch(() => undefined);
    remove?.();
  }
  upstream.clearRequests();
  clock = T;
});

const answering = (inputTokens: number, outputTokens: number) => ({ answer: { text: 'fine', usage: { inputTokens, outputTokens } } });

/** A route collection `agents` (member `a`, $1 and $2 a million tokens), a panel `core`, and keys `ci` and `me` with what `limits` gives them. */
async function engineWith(limits: { ci?: object; me?: object; agents?: object }, ledger = 'memory:') {
  const engine = await createEngine(
    {
      ledger,
      ...limitsTestModels(upstream),
      collections: {
        agents: { members: ['a'], reply: 'route', timeouts: fast, ...limits.agents },
        core: { members: ['a', 'b'], reply: 'all', timeouts: fast },
      },
      keys: { ci: { keyEnv: 'KEY_CI', ...limits.ci }, me: { keyEnv: 'KEY_ME', ...limits.me } },
      defaults: { timeouts: fast },
    },
    { env: { KEY_CI: 'ci-secret', KEY_ME: 'me-secret' }, now: () => clock },
  );
  opened.push({ engine });
  return engine;
}

const asKey = (engine: Engine, secret: string) => engine.authenticate(secret)!;
const turn = (engine: Engine, secret: string, model = 'bench/agents') => collect(engine.turn(ask('hello'), { model, key: asKey(engine, secret) }));
async function refusal(engine: Engine, secret: string, model = 'bench/agents'): Promise<EngineError> {
  const error = await turn(engine, secret, model).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (!EngineError.isInstance(error)) throw new Error(`expected a refusal, got ${String(error)}`);
  return error as EngineError;
}
/** Tokens and spend are counted once the turn's calls are recorded, just after its reply. */
const counted = (engine: Engine, secret: string, limit: 'tpm' | 'budget', used: number) =>
  eventually(async () => ((await engine.keyUsage(asKey(engine, secret))).limits[limit]?.used ?? 0) >= used);

describe('limits, in the engine', () => {
  it('refuses a key over its rpm before any upstream call, saying which limit, its size and when it frees; the window slides', async () => {
    upstream.script('up-a', answering(1, 1));
    const engine = await engineWith({ ci: { rpm: 2 } });
    await turn(engine, 'ci-secret');
    clock += 20_000;
    await turn(engine, 'ci-secret');
    clock += 10_000;
    const before = upstream.requests.length;
    const refused = await refusal(engine, 'ci-secret');
    expect(upstream.requests.length).toBe(before);
    expect([refused.status, refused.kind, refused.replyHeaders]).toEqual([429, 'rate-limit', { 'retry-after': '30' }]);
    expect(refused.message).toBe('key "ci" is over its rpm of 2 (2 requests in the last minute); it resets in 30 s');
    // The other key has no rpm; a refused request does not count.
    await turn(engine, 'me-secret');
    clock += 30_000; // the first request has left the window
    await turn(engine, 'ci-secret');
    expect((await engine.keyUsage(asKey(engine, 'ci-secret'))).limits.rpm).toMatchObject({
      limit: 2,
      used: 2,
      unit: 'requests',
      window: 'sliding-minute',
      retry_after_seconds: 20,
    });
  });

  it('counts a tpm after the turn: the turn that goes over finishes, the next is refused', async () => {
    upstream.script('up-a', answering(700, 400));
    const engine = await engineWith({ ci: { tpm: 1000 } });
    const events = await turn(engine, 'ci-secret');
    expect(events.at(-1)).toMatchObject({ type: 'finish' });
    await counted(engine, 'ci-secret', 'tpm', 1100);
    const refused = await refusal(engine, 'ci-secret');
    expect(refused.message).toBe('key "ci" is over its tpm of 1000 (1100 tokens in the last minute); it resets in 60 s');
    expect(refused.replyHeaders).toEqual({ 'retry-after': '60' });
  });

  it('counts a budget as the ledger prices the calls (every seat of a panel), per UTC day', async () => {
    upstream.script('up-a', answering(1_000_000, 500_000)); // $1 + $1 on model a; b has no price
    upstream.script('up-b', answering(1_000_000, 0));
    const engine = await engineWith({ ci: { budget: { usd: 2, per: 'day' } } });
    await turn(engine, 'ci-secret', 'bench/core');
    await counted(engine, 'ci-secret', 'budget', 2);
    const refused = await refusal(engine, 'ci-secret', 'bench/agents');
    expect(refused.message).toBe(
      'key "ci" is over its budget of $2.00 a day ($2.00 spent since 2026-12-01 00:00 UTC); it resets in 14 h 0 min, at 2026-12-02 00:00 UTC',
    );
    expect(refused.replyHeaders).toEqual({ 'retry-after': String(14 * 3600) });
    clock = Date.UTC(2026, 11, 2, 0, 0, 0); // the next UTC day
    await turn(engine, 'ci-secret');
  });

  it("a collection's rpm is for every caller together, and says so", async () => {
    upstream.script('up-a', answering(1, 1));
    const engine = await engineWith({ agents: { rpm: 1 } });
    await turn(engine, 'ci-secret');
    const refused = await refusal(engine, 'me-secret');
    expect(refused.message).toBe('collection "agents" is over its rpm of 1, for every caller together (1 request in the last minute); it resets in 60 s');
    await turn(engine, 'me-secret', 'bench/core'); // another collection
    const usage = await engine.keyUsage(asKey(engine, 'me-secret'));
    expect(usage).toMatchObject({ key: 'me', limits: {}, collections: { agents: { rpm: { limit: 1, used: 1 } } } });
  });

  it("a shadow's tokens are the gateway's own: not counted against the caller's tpm", async () => {
    upstream.script('up-a', answering(10, 5));
    upstream.script('up-b', answering(5000, 5000));
    const engine = await engineWith({ ci: { tpm: 1000 }, agents: { shadow: { rate: 1, members: ['b'] } } });
    await turn(engine, 'ci-secret');
    await eventually(() => engine.shadows().agents!.run === 1 && engine.shadows().agents!.inFlight === 0);
    await engine.ledger.flush();
    expect(upstream.requestsFor('up-b')).toHaveLength(1);
    expect((await engine.keyUsage(asKey(engine, 'ci-secret'))).limits.tpm).toMatchObject({ used: 15 });
    await turn(engine, 'ci-secret');
  });

  it('with memory state, a budget starts from what the ledger priced this period (shadows left out), so it holds across a restart', async () => {
    upstream.script('up-a', answering(3_000_000, 0)); // $3
    upstream.script('up-s', answering(5_000_000, 0)); // $5, the gateway's own
    const file = sqliteOnDisk();
    try {
      const first = await engineWith({ ci: { budget: { usd: 2, per: 'week' } }, agents: { shadow: { rate: 1, members: ['s'] } } }, file.url);
      await turn(first, 'ci-secret');
      await counted(first, 'ci-secret', 'budget', 3);
      await first.close(); // after the shadow call is recorded
      expect(upstream.requestsFor('up-s')).toHaveLength(1);
      opened.length = 0;
      const second = await engineWith({ ci: { budget: { usd: 2, per: 'week' } } }, file.url);
      expect((await second.ledger.stats({ key: 'ci' })).map((model) => [model.alias, model.cost])).toEqual([
        ['a', 3],
        ['s', 5], // the shadow is in the ledger under the key, and not in its spend
      ]);
      expect((await second.keyUsage(asKey(second, 'ci-secret'))).limits.budget).toMatchObject({
        limit: 2,
        used: 3,
        unit: 'usd',
        window: 'week',
        since: '2026-11-30T00:00:00.000Z', // the ISO week's Monday
        resets_at: '2026-12-07T00:00:00.000Z',
      });
      const refused = await refusal(second, 'ci-secret');
      expect(refused.message).toMatch(/^key "ci" is over its budget of \$2\.00 a week \(\$3\.00 spent since 2026-11-30 00:00 UTC\); it resets in 5 d 14 h/);
    } finally {
      file.remove();
    }
  });
});
