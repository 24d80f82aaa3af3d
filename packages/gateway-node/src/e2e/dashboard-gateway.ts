import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestGateway, type TestGateway, type TestGatewayOptions } from './test-gateway';

/** `me` opens the dashboard (admin); `alice` may call `core` only; `bob` may call everything but is no admin. */
export const DASHBOARD_KEYS = { me: 'me-admin-secret-0001', alice: 'alice-secret-key-0002', bob: 'bob-secret-key-0003' };

export interface DashboardGateway extends TestGateway {
  /** The SQLite ledger's file. */
  ledgerPath: string;
  /** GET a `/bench/…` route as JSON, with the admin key unless other headers are given. */
  get(path: string, headers?: Record<string, string>): Promise<{ status: number; headers: Headers; json: any }>;
}

/**
 * The test gateway on a SQLite ledger on disk, with keys, transcripts kept (unless the config says otherwise), a
 * `merged` panel collection (merger m3) and a `shadowed` route collection whose every turn is shadowed by m2.
 */
export async function startDashboardGateway(options: TestGatewayOptions & { ledgerPath?: string } = {}): Promise<DashboardGateway> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-dashboard-'));
  const ledgerPath = options.ledgerPath ?? join(dir, 'ledger.db');
  const t = await startTestGateway({
    ...options,
    env: { KEY_ME: DASHBOARD_KEYS.me, KEY_ALICE: DASHBOARD_KEYS.alice, KEY_BOB: DASHBOARD_KEYS.bob, ...options.env },
    config: (base) => {
      const config = {
        ...base,
        ledger: `sqlite:${ledgerPath}`,
        transcripts: { keep: '30d' },
        collections: {
          ...base.collections,
          merged: { members: ['m1', 'm2'], reply: 'merged', merger: 'm3' },
          shadowed: { members: ['m1'], reply: 'route', shadow: { rate: 1, members: ['m2'] } },
        },
        keys: {
          me: { keyEnv: 'KEY_ME', admin: true },
          alice: { keyEnv: 'KEY_ALICE', collections: ['core'] },
          bob: { keyEnv: 'KEY_BOB' },
        },
      };
      return options.config ? options.config(config) : config;
    },
  });
  return {
    ...t,
    ledgerPath,
    async get(path, headers = { authorization: `Bearer ${DASHBOARD_KEYS.me}` }) {
      const response = await fetch(`${t.url}${path}`, { headers });
      const text = await response.text();
      return { status: response.status, headers: response.headers, json: text ? JSON.parse(text) : undefined };
    },
    async close() {
      await t.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
