import { createLedger } from '@bench/ledger';
import { postgresServerAvailable, startFakeUpstream, startPostgresServer, type FakeUpstream, type PostgresService } from '@bench/testkit';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../create-engine';
import type { Engine } from '../engine';
import type { EngineEvent } from '../events/engine-events';
import { EngineError } from '../errors/engine-error';
import { ask, collect, eventually, fast, sqliteOnDisk } from '../shadows/shadow-test-setup';
import { limitsTestModels } from './limits-test-setup';

let upstream: FakeUpstream;
let postgres: PostgresService | undefined;
const postgresHere = postgresServerAvailable();
if (!postgresHere) console.warn('key-usage.test: no PostgreSQL binaries here; the PostgreSQL case is skipped (CI installs them)');
beforeAll(async () => {
  upstream = await startFakeUpstream({ models: {} });
  if (postgresHere) postgres = await startPostgresServer();
});
afterAll(async () => {
  await upstream.close();
  postgres?.stop();
});

// Wednesday 2026-12-09 10:00 UTC: its ISO week began Monday 2026-12-07, its month 2026-12-01.
const T = Date.UTC(2026, 11, 9, 10, 0, 0);
let clock = T;
const opened: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const close of opened.splice(0).reverse()) await close();
  upstream.clearRequests();
  clock = T;
});

const answering = (inputTokens: number, outputTokens: number, cachedInputTokens = 0) => ({
  answer: { text: 'fine', usage: { inputTokens, outputTokens, cachedInputTokens } },
});

/** Keys `ci` (an rpm of 100) and `me` (no limits); a route collection `agents` (member a, $1 and $2 a million tokens) shadowed by s; a panel `core` (a, and b with no price). */
async function engineOn(ledgerUrl: string, keys = true): Promise<Engine> {
  const ledger = await createLedger(ledgerUrl, { now: () => clock });
  const engine = await createEngine(
    {
      ledger: ledgerUrl,
      ...limitsTestModels(upstream),
      collections: {
        agents: { members: ['a'], reply: 'route', timeouts: fast, shadow: { rate: 1, members: ['s'] } },
        core: { members: ['a', 'b'], reply: 'all', timeouts: fast },
      },
      ...(keys ? { keys: { ci: { keyEnv: 'KEY_CI', rpm: 100 }, me: { keyEnv: 'KEY_ME' } } } : {}),
      defaults: { timeouts: fast },
    },
    { env: { KEY_CI: 'ci-secret', KEY_ME: 'me-secret' }, now: () => clock, ledger },
  );
  opened.push(() => engine.close().catch(() => undefined));
  return engine;
}

const keyOf = (engine: Engine, secret: string) => engine.authenticate(secret)!;
async function turn(engine: Engine, secret: string | undefined, model: string): Promise<void> {
  await collect(engine.turn(ask('hello'), { model, ...(secret ? { key: keyOf(engine, secret) } : {}) }));
}
/** Waits for the shadows started so far, then for the ledger to hold every call. */
async function settled(engine: Engine, shadows: number): Promise<void> {
  await eventually(() => (engine.shadows().agents?.run ?? 0) === shadows && engine.shadows().agents?.inFlight === 0);
  await engine.ledger.flush();
}

const ledgers: Array<[string, () => { url: string; remove(): void }]> = [
  ['SQLite on disk', sqliteOnDisk],
  ['PostgreSQL', () => ({ url: postgres!.createDatabase(), remove: () => undefined })],
];

describe.each(ledgers)("GET /bench/keys/me's usage, on %s", (name, ledgerOf) => {
  it.skipIf(name === 'PostgreSQL' && !postgresHere)(
    "shows a key without limits its calls, tokens and dollars this day, week and month (shadows left out), and its minute's requests and tokens",
    async () => {
      const file = ledgerOf();
      opened.push(() => file.remove());
      const engine = await engineOn(file.url);
      upstream.script('up-a', answering(1_000_000, 500_000, 200_000)); // $2 a call on a
      upstream.script('up-b', answering(300, 100)); // b has no price
      upstream.script('up-s', answering(4_000_000, 0)); // the shadow's $4: the gateway's own
      clock = Date.UTC(2026, 10, 30, 12); // the last month (and week)
      await turn(engine, 'me-secret', 'bench/agents'); // a, and its shadow s
      await settled(engine, 1);
      clock = Date.UTC(2026, 11, 2, 12); // this month, the last week
      await turn(engine, 'me-secret', 'bench/core'); // a and b
      clock = Date.UTC(2026, 11, 7, 0, 30); // this week, Monday
      await turn(engine, 'me-secret', 'bench/agents');
      await settled(engine, 2);
      clock = T - 10 * 60_000; // today, ten minutes ago
      await turn(engine, 'me-secret', 'bench/agents');
      await settled(engine, 3);
      clock = T - 20_000; // today, in the last minute
      await turn(engine, 'ci-secret', 'bench/agents'); // another key's
      await settled(engine, 4);
      await turn(engine, 'me-secret', 'bench/core');
      clock = T;
      await settled(engine, 4);

      const usage = await engine.keyUsage(keyOf(engine, 'me-secret'));
      const a = { input: 1_000_000, output: 500_000, cached: 200_000, usd: 2 };
      const b = { input: 300, output: 100, cached: 0, usd: 0 };
      const period = (window: string, since: string, resets: string, requests: number, calls: Array<typeof a>) => ({
        window,
        since,
        resets_at: resets,
        requests,
        calls: calls.length,
        input_tokens: calls.reduce((sum, call) => sum + call.input, 0),
        output_tokens: calls.reduce((sum, call) => sum + call.output, 0),
        tokens: calls.reduce((sum, call) => sum + call.input + call.output, 0),
        cached_tokens: calls.reduce((sum, call) => sum + call.cached, 0),
        usd: calls.reduce((sum, call) => sum + call.usd, 0),
      });
      expect(usage).toEqual({
        object: 'bench.key',
        key: 'me',
        limits: {},
        collections: {},
        usage: {
          minute: { window: 'sliding-minute', requests: 1, tokens: 1_500_400 },
          day: period('day', '2026-12-09T00:00:00.000Z', '2026-12-10T00:00:00.000Z', 2, [a, a, b]),
          week: period('week', '2026-12-07T00:00:00.000Z', '2026-12-14T00:00:00.000Z', 3, [a, a, a, b]),
          month: period('month', '2026-12-01T00:00:00.000Z', '2027-01-01T00:00:00.000Z', 4, [a, a, b, a, a, b]),
        },
      });
      // The same figures a key with limits sees beside them: its rpm's count is its minute's requests.
      const ci = await engine.keyUsage(keyOf(engine, 'ci-secret'));
      expect(ci.usage.day).toMatchObject({ requests: 1, calls: 1, usd: 2 });
      expect(ci.usage.minute).toEqual({ window: 'sliding-minute', requests: 1, tokens: 1_500_000 });
      expect(ci.limits.rpm).toMatchObject({ limit: 100, used: 1 });
    },
  );
});

describe("the local caller's usage (no keys)", () => {
  it('is counted under the name local', async () => {
    const file = sqliteOnDisk();
    opened.push(() => file.remove());
    const engine = await engineOn(file.url, false);
    upstream.script('up-a', answering(10, 5));
    upstream.script('up-s', answering(10, 5));
    await turn(engine, undefined, 'bench/agents');
    await settled(engine, 1);
    const usage = await engine.keyUsage();
    expect(usage.key).toBe('local');
    expect(usage.usage.minute).toEqual({ window: 'sliding-minute', requests: 1, tokens: 15 });
    expect(usage.usage.day).toMatchObject({ calls: 1, tokens: 15, usd: 0.00002 });
  });
});

describe('a refusal is an event', () => {
  it("tells observers which limit refused whom, never the prompt, and the refused request is not counted in the key's minute", async () => {
    const file = sqliteOnDisk();
    opened.push(() => file.remove());
    const ledger = await createLedger(file.url, { now: () => clock });
    const engine = await createEngine(
      {
        ledger: file.url,
        providers: { chat: { baseURL: upstream.baseURL('openai-chat'), api: 'openai-chat' } },
        models: { a: { provider: 'chat', model: 'up-a' } },
        collections: { agents: { members: ['a'], reply: 'route', timeouts: fast, rpm: 1 } },
        keys: { ci: { keyEnv: 'KEY_CI', budget: { usd: 5, per: 'week' } } },
        defaults: { timeouts: fast },
      },
      { env: { KEY_CI: 'ci-secret' }, now: () => clock, ledger },
    );
    opened.push(() => engine.close().catch(() => undefined));
    const seen: EngineEvent[] = [];
    engine.events.on((event) => seen.push(event));
    upstream.script('up-a', answering(1, 1));
    await turn(engine, 'ci-secret', 'bench/agents');
    clock += 15_000;
    const refused = await turn(engine, 'ci-secret', 'bench/agents').then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(EngineError.isInstance(refused) && (refused as EngineError).status).toBe(429);
    const refusals = seen.filter((event) => event.type === 'refusal');
    expect(refusals).toEqual([
      { type: 'refusal', refusal: { keyName: 'ci', collection: 'agents', scope: 'collection', limit: 'rpm', size: 1, retryAfterSeconds: 45 } },
    ]);
    expect(JSON.stringify(refusals)).not.toContain('hello');
    expect((await engine.keyUsage(keyOf(engine, 'ci-secret'))).usage.minute.requests).toBe(1);
  });
});
