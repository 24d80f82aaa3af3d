import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SDK_PROTOCOLS, ask, geminiModel, sdksFor, type SdkProtocol } from './sdk-clients';
import { refusalThroughSdk } from './sdk-refusal';
import { startTestGateway, type TestGateway } from './test-gateway';

const KEYS = { rpm: 'rpm-secret-0001', tpm: 'tpm-secret-0002', budget: 'budget-secret-0003', free: 'free-secret-0004' };

let t: TestGateway;
beforeAll(async () => {
  t = await startTestGateway({
    env: { KEY_RPM: KEYS.rpm, KEY_TPM: KEYS.tpm, KEY_BUDGET: KEYS.budget, KEY_FREE: KEYS.free },
    config: (base) => ({
      ...base,
      keys: {
        'rpm-key': { keyEnv: 'KEY_RPM', rpm: 1 },
        'tpm-key': { keyEnv: 'KEY_TPM', tpm: 100 },
        'budget-key': { keyEnv: 'KEY_BUDGET', budget: { usd: 0.01, per: 'month' } },
        free: { keyEnv: 'KEY_FREE' },
      },
    }),
  });
  // m1 (first in `agents`) costs $1 a million input tokens: each answer is 150 tokens and $0.01.
  t.upstream.script('up-1', { answer: { text: 'within limits', usage: { inputTokens: 10_000, outputTokens: 0 } } });
});
afterAll(() => t?.close());

const cases = SDK_PROTOCOLS.flatMap((protocol) => [false, true].map((stream) => ({ protocol, stream })));
const modelFor = (protocol: SdkProtocol) => (protocol === 'gemini' ? geminiModel('bench/agents') : 'bench/agents');

async function keyUsage(key: string): Promise<any> {
  const response = await fetch(`${t.url}/bench/keys/me`, { headers: { authorization: `Bearer ${key}` } });
  expect(response.status).toBe(200);
  return response.json();
}

/** Tokens and spend are counted once the turn is recorded, just after its reply ends. */
async function untilCounted(key: string, limit: 'tpm' | 'budget', used: number) {
  for (let tries = 0; tries < 250; tries += 1) {
    if ((await keyUsage(key)).limits[limit].used >= used) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`${limit} never reached ${used}`);
}

describe.each([
  { limit: 'rpm', key: KEYS.rpm, message: /key "rpm-key" is over its rpm of 1 \(1 request in the last minute\); it resets in \d+ s/ },
  { limit: 'tpm', key: KEYS.tpm, message: /key "tpm-key" is over its tpm of 100 \(10000 tokens in the last minute\); it resets in \d+ s/ },
  {
    limit: 'budget',
    key: KEYS.budget,
    message:
      /key "budget-key" is over its budget of \$0\.01 a month \(\$0\.01 spent since \d{4}-\d\d-01 00:00 UTC\); it resets in .+, at \d{4}-\d\d-01 00:00 UTC/,
  },
] as const)('a key over its $limit', ({ limit, key, message }) => {
  beforeAll(async () => {
    // One turn within the limit; then the key is over it (rpm at once, tpm and budget once the turn is counted).
    await ask(sdksFor(t.url, key), 'openai-chat', 'bench/agents', 'first', false);
    if (limit !== 'rpm') await untilCounted(key, limit, limit === 'tpm' ? 10_000 : 0.01);
  });

  it.each(cases)('$protocol stream $stream: 429 with Retry-After and the limit named, and no upstream call', async ({ protocol, stream }) => {
    const before = t.upstream.requests.length;
    const refused = await refusalThroughSdk(t.url, key, protocol, modelFor(protocol), stream);
    expect(refused.status).toBe(429);
    expect(refused.retryAfter).toMatch(/^[1-9]\d*$/);
    expect(refused.message).toMatch(message);
    expect(t.upstream.requests.length).toBe(before);
  });

  it("Codex's compaction (POST /v1/responses/compact) is refused too, before any upstream call", async () => {
    const before = t.upstream.requests.length;
    const compact = sdksFor(t.url, key).openai.responses.compact({ model: 'bench/agents', input: [{ role: 'user', content: 'a long history' }] });
    await expect(compact).rejects.toMatchObject({ status: 429, message: expect.stringMatching(message) });
    expect(t.upstream.requests.length).toBe(before);
  });

  it('another key goes on being served', async () => {
    expect((await ask(sdksFor(t.url, KEYS.free), 'anthropic', 'bench/agents', 'still there?', false)).text).toBe('within limits');
  });
});

describe('GET /bench/keys/me', () => {
  it("shows the key's limits, what each window holds and when it frees", async () => {
    const tpm = await keyUsage(KEYS.tpm);
    expect(tpm).toMatchObject({ object: 'bench.key', key: 'tpm-key', collections: {} });
    expect(tpm.limits).toEqual({
      tpm: {
        limit: 100,
        used: 10_000,
        unit: 'tokens',
        window: 'sliding-minute',
        resets_at: expect.any(String),
        resets_in_seconds: expect.any(Number),
        retry_after_seconds: expect.any(Number),
      },
    });
    const budget = (await keyUsage(KEYS.budget)).limits.budget;
    const now = new Date();
    expect(budget).toMatchObject({ limit: 0.01, used: 0.01, unit: 'usd', window: 'month' });
    expect(budget.since).toBe(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString());
    expect(budget.resets_at).toBe(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString());
    expect((await keyUsage(KEYS.free)).limits).toEqual({});
  });

  it('needs a key when keys are configured', async () => {
    expect((await fetch(`${t.url}/bench/keys/me`)).status).toBe(401);
  });
});

describe('without keys, a collection with limits', () => {
  let open: TestGateway;
  beforeAll(async () => {
    open = await startTestGateway({ config: (base) => ({ ...base, collections: { ...base.collections, agents: { ...base.collections.agents, rpm: 1 } } }) });
  });
  afterAll(() => open?.close());

  it('limits every caller together, and /bench/keys/me answers for the local caller with no limits of its own', async () => {
    await ask(sdksFor(open.url), 'openai-chat', 'bench/agents', 'first', false);
    const refused = await refusalThroughSdk(open.url, 'unused', 'anthropic', 'bench/agents', false);
    expect([refused.status, refused.message]).toEqual([
      429,
      expect.stringMatching(/^collection "agents" is over its rpm of 1, for every caller together \(1 request in the last minute\); it resets in \d+ s$/),
    ]);
    const usage = await (await fetch(`${open.url}/bench/keys/me`)).json();
    expect(usage).toEqual({
      object: 'bench.key',
      key: 'local',
      limits: {},
      collections: { agents: { rpm: expect.objectContaining({ limit: 1, used: 1, unit: 'requests', window: 'sliding-minute' }) } },
      // Its own usage too: the request admitted (the refused one is not), and its calls per period.
      usage: {
        minute: { window: 'sliding-minute', requests: 1, tokens: expect.any(Number) },
        day: expect.objectContaining({ window: 'day', calls: expect.any(Number) }),
        week: expect.objectContaining({ window: 'week' }),
        month: expect.objectContaining({ window: 'month' }),
      },
    });
  });
});

describe('with memory state and a ledger on disk, a restarted gateway', () => {
  it("reads each budget's spend so far back from the ledger, so the budget holds", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bench-limits-'));
    const start = () =>
      startTestGateway({
        env: { KEY_BUDGET: KEYS.budget },
        config: (base) => ({
          ...base,
          ledger: `sqlite:${join(dir, 'ledger.db')}`,
          keys: { 'budget-key': { keyEnv: 'KEY_BUDGET', budget: { usd: 0.01, per: 'day' } } },
        }),
      });
    try {
      const first = await start();
      first.upstream.script('up-1', { answer: { text: 'spent', usage: { inputTokens: 10_000, outputTokens: 0 } } });
      await ask(sdksFor(first.url, KEYS.budget), 'openai-chat', 'bench/agents', 'spend', false);
      await first.close(); // the ledger is written before it closes
      const second = await start();
      try {
        const refused = await refusalThroughSdk(second.url, KEYS.budget, 'openai-responses', 'bench/agents', true);
        expect(refused).toMatchObject({
          status: 429,
          message: expect.stringContaining('key "budget-key" is over its budget of $0.01 a day ($0.01 spent since'),
        });
        expect(second.upstream.requests).toHaveLength(0);
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
