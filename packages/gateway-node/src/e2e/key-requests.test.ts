import { postgresServerAvailable, startPostgresServer, type PostgresService } from '@bench/testkit';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { postJSON } from './raw-requests';
import { startTestGateway, type TestGateway } from './test-gateway';

const KEY = 'me-secret-key-0001';
const postgresHere = postgresServerAvailable();
if (!postgresHere) console.warn('key-requests.test: no PostgreSQL binaries here; the PostgreSQL case is skipped (CI installs them)');
let postgres: PostgresService | undefined;
const dirs: string[] = [];
beforeAll(async () => {
  if (postgresHere) postgres = await startPostgresServer();
});
afterAll(() => {
  postgres?.stop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const sqliteLedger = () => {
  const dir = mkdtempSync(join(tmpdir(), 'bench-key-requests-'));
  dirs.push(dir);
  return `sqlite:${join(dir, 'ledger.db')}`;
};

/** Key `me`; a merged panel (m1, m2, m3, merged by m1), a route whose first member fails (m4, then m2), a route shadowed by m5. */
async function gatewayOn(ledger: string): Promise<TestGateway> {
  const t = await startTestGateway({
    env: { KEY_ME: KEY },
    config: (base) => {
      const timeouts = base.collections.core.timeouts;
      return {
        ...base,
        ledger,
        keys: { me: { keyEnv: 'KEY_ME' } },
        collections: {
          ...base.collections,
          merged: { members: ['m1', 'm2', 'm3'], reply: 'merged', merger: 'm1', timeouts },
          failing: { members: ['m4', 'm2'], reply: 'route', order: 'listed', timeouts },
          watched: { members: ['m2'], reply: 'route', timeouts, shadow: { rate: 1, members: ['m5'] } },
        },
      };
    },
  });
  for (const model of ['up-1', 'up-2', 'up-3', 'up-5']) t.upstream.script(model, { answer: { text: 'fine', usage: { inputTokens: 10, outputTokens: 5 } } });
  t.upstream.script('up-4', { error: { status: 503 } });
  return t;
}

const chat = (t: TestGateway, model: string) =>
  postJSON(`${t.url}/v1/chat/completions`, { model, messages: [{ role: 'user', content: 'count me once' }] }, { authorization: `Bearer ${KEY}` });
const keyUsage = async (t: TestGateway) => {
  await t.gateway.ledger.flush();
  return ((await (await fetch(`${t.url}/bench/keys/me`, { headers: { authorization: `Bearer ${KEY}` } })).json()) as any).usage;
};

const ledgers: Array<[string, () => string]> = [
  ['SQLite on disk', sqliteLedger],
  ['PostgreSQL', () => postgres!.createDatabase()],
];

describe.each(ledgers)("a key's requests this day, week and month, on %s", (name, ledgerOf) => {
  it.skipIf(name === 'PostgreSQL' && !postgresHere)(
    'count a panel and its merger once, a route turn that failed over once, a shadow not at all; calls each; the same after a restart',
    async () => {
      const ledger = ledgerOf();
      let firstCalls = 0;
      const first = await gatewayOn(ledger);
      try {
        expect((await chat(first, 'bench/merged')).status).toBe(200); // 3 seats and the merger: 4 calls
        const failedOver = await chat(first, 'bench/failing'); // m4 answers 503, m2 answers: 2 calls
        expect(failedOver.status).toBe(200);
        expect(failedOver.json.bench.alias).toBe('m2');
        expect((await chat(first, 'bench/watched')).status).toBe(200); // m2, and the shadow m5 after the reply
        await vi.waitFor(() => expect(first.upstream.requestsFor('up-5')).toHaveLength(1));
        await first.upstream.settled();
        // Every upstream call but the shadow's is a call of the key's (m4's 503 may be tried again before m2): six answered.
        const calls = first.upstream.requests.length - 1;
        expect(calls).toBeGreaterThanOrEqual(7);
        const usage = await keyUsage(first);
        expect(usage.minute.requests).toBe(3);
        for (const period of ['day', 'week', 'month']) expect(usage[period]).toMatchObject({ requests: 3, calls, tokens: 6 * 15 });
        firstCalls = calls;
      } finally {
        await first.close();
      }
      const second = await gatewayOn(ledger);
      try {
        expect((await keyUsage(second)).day).toMatchObject({ requests: 3, calls: firstCalls });
        expect((await chat(second, 'bench/failing')).status).toBe(200);
        expect((await keyUsage(second)).day).toMatchObject({ requests: 4, calls: firstCalls + second.upstream.requests.length, tokens: 7 * 15 });
      } finally {
        await second.close();
      }
    },
  );
});
