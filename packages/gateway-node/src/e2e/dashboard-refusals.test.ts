import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import OpenAI from 'openai';
import type { Browser, Page } from 'playwright-core';
import { postgresServerAvailable, startPostgresServer, type PostgresService } from '@bench/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, launchChromium } from './dashboard/chromium';
import { DASHBOARD_KEYS, type DashboardGateway, startDashboardGateway } from './dashboard-gateway';
import { loggedInContext, type PageTrouble, watch } from './dashboard/dashboard-pages';
import { postJSON } from './raw-requests';
import { startTestGateway, type TestGateway } from './test-gateway';

const haveChromium = chromiumAvailable();
const LIMITED = 'lim-secret-key-0009';
const as = (key: string) => ({ authorization: `Bearer ${key}` });

describe.skipIf(!haveChromium)('refusals by limits on the dashboard, in a real browser', () => {
  const dir = mkdtempSync(join(tmpdir(), 'bench-dashboard-refusals-'));
  const ledgerPath = join(dir, 'ledger.db');
  let browser: Browser;
  const trouble: PageTrouble = { problems: [] };
  // A key with an rpm of 1, beside the dashboard's own keys; the ledger on disk, kept across a restart.
  const start = () =>
    startDashboardGateway({
      ledgerPath,
      env: { KEY_LIM: LIMITED },
      config: (config) => ({ ...config, keys: { ...config.keys, lim: { keyEnv: 'KEY_LIM', rpm: 1 } } }),
    });
  const overviewOf = async (t: DashboardGateway): Promise<Page> => {
    const context = await loggedInContext(browser, t.url, DASHBOARD_KEYS.me);
    const page = watch(await context.newPage(), trouble);
    await page.goto(`${t.url}/bench/ui/`);
    await page.getByRole('heading', { name: 'Refused by limits' }).waitFor();
    return page;
  };

  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("shows a request over a key's rpm live on the overview, counts it per key and limit, and still after a restart", async () => {
    const first = await start();
    try {
      const page = await overviewOf(first);
      await page.getByText("No request was refused by a key's or a collection's limits in this range.").waitFor();
      const openai = new OpenAI({ baseURL: `${first.url}/v1`, apiKey: LIMITED, maxRetries: 0 });
      const ask = () => openai.chat.completions.create({ model: 'bench/agents', messages: [{ role: 'user', content: 'a secret prompt' }] });
      await ask();
      await expect(ask()).rejects.toMatchObject({ status: 429 });

      await page.getByTestId('live-refusals').locator('li', { hasText: "key lim refused by its rpm (the key's) of 1 calling agents" }).waitFor();
      await page.locator('.figure', { hasText: 'Refused (limits)' }).locator('dd', { hasText: /^1$/ }).waitFor();
      const row = page.locator('[data-testid="refusals-table"] tr[data-key="lim"]');
      await row.waitFor();
      expect(await row.locator('td').allTextContents()).toEqual(["rpm (the key's)", 'agents', '1']);
      expect(await page.locator('body').textContent()).not.toContain('a secret prompt');
      await page.context().close();
    } finally {
      await first.close();
    }

    const second = await start();
    try {
      const page = await overviewOf(second);
      const row = page.locator('[data-testid="refusals-table"] tr[data-key="lim"]');
      await row.waitFor();
      expect(await row.locator('td').allTextContents()).toEqual(["rpm (the key's)", 'agents', '1']);
      await page.locator('.figure', { hasText: 'Refused (limits)' }).locator('dd', { hasText: /^1$/ }).waitFor();
      await page.context().close();
    } finally {
      await second.close();
    }
    expect(trouble.problems).toEqual([]);
  });
});

const postgresHere = postgresServerAvailable();
if (!postgresHere) console.warn('dashboard-refusals.test: no PostgreSQL binaries here; the replicas case is skipped (CI installs them)');

describe.skipIf(!postgresHere)('refusals across two replicas on one PostgreSQL ledger', () => {
  let postgres: PostgresService;
  const replicas: TestGateway[] = [];
  const KEYS = { root: 'root-admin-secret-0001', lim: LIMITED };
  beforeAll(async () => {
    postgres = await startPostgresServer();
    const ledger = postgres.createDatabase();
    for (let i = 0; i < 2; i += 1) {
      replicas.push(
        await startTestGateway({
          env: { KEY_ROOT: KEYS.root, KEY_LIM: KEYS.lim },
          config: (base) => ({ ...base, ledger, keys: { root: { keyEnv: 'KEY_ROOT', admin: true }, lim: { keyEnv: 'KEY_LIM', rpm: 1 } } }),
        }),
      );
    }
  });
  afterAll(async () => {
    for (const replica of replicas) await replica.close();
    postgres?.stop();
  });

  it("a refusal on one is in the other's overview, per key and limit, and in no key's requests", async () => {
    const [a, b] = replicas as [TestGateway, TestGateway];
    const ask = () => postJSON(`${a.url}/v1/chat/completions`, { model: 'bench/agents', messages: [{ role: 'user', content: 'hi' }] }, as(KEYS.lim));
    expect((await ask()).status).toBe(200);
    expect((await ask()).status).toBe(429);
    await a.gateway.ledger.flush();
    const overview = async (query = '') => (await (await fetch(`${b.url}/bench/overview${query}`, { headers: as(KEYS.root) })).json()) as any;
    expect(await overview()).toMatchObject({ refused: 1, refusals: [{ keyName: 'lim', collection: 'agents', scope: 'key', limit: 'rpm', count: 1 }] });
    expect(await overview('?range=hour')).toMatchObject({ refused: 1 });
    expect(await overview('?collection=core')).toMatchObject({ refused: 0, refusals: [] });
    const usage = (await (await fetch(`${b.url}/bench/keys/me`, { headers: as(KEYS.lim) })).json()) as any;
    expect(usage.usage.day).toMatchObject({ requests: 1, calls: 1 });
  });
});
