import { readFileSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { followEvents } from './follow-events';
import { postJSON } from './raw-requests';
import { scrapeMetrics, scrapeUntil } from './scrape-metrics';
import { startTestGateway, type TestGateway } from './test-gateway';

const KEYS = { root: 'root-admin-secret-0001', ci: 'ci-secret-key-0002', lim: 'lim-secret-key-0003', dev: 'dev-secret-key-0004' };
const as = (key: string) => ({ authorization: `Bearer ${key}` });
const root = as(KEYS.root);

let t: TestGateway;
beforeAll(async () => {
  t = await startTestGateway({
    captureLog: true,
    env: { KEY_ROOT: KEYS.root, KEY_CI: KEYS.ci, KEY_LIM: KEYS.lim, KEY_DEV: KEYS.dev },
    config: (base) => ({
      ...base,
      keys: { root: { keyEnv: 'KEY_ROOT', admin: true }, ci: { keyEnv: 'KEY_CI' }, lim: { keyEnv: 'KEY_LIM', rpm: 1 } },
    }),
    configText: (config) => `${JSON.stringify(config, null, 2)}\n`,
  });
});
afterAll(() => t.close());

const chat = (key: string, model: string, content = 'count me') =>
  postJSON(`${t.url}/v1/chat/completions`, { model, messages: [{ role: 'user', content }] }, as(key));
const fileConfig = () => JSON.parse(readFileSync(t.configPath!, 'utf8')) as Record<string, any>;
const logged = (pattern: RegExp) => t.logLines.map((line) => String(line.msg)).filter((msg) => pattern.test(msg));

describe('a refusal by a limit, as an event', () => {
  it('is counted in /metrics by key, scope, limit and collection, and sent on the live feed without the prompt; no call is recorded for it', async () => {
    const feed = await followEvents(t.url, KEYS.root);
    await vi.waitFor(() => expect(feed.seen.comments).toContain('connected'));
    expect((await chat(KEYS.lim, 'bench/agents')).status).toBe(200);
    const refused = await chat(KEYS.lim, 'bench/agents', 'a secret prompt');
    expect(refused.status).toBe(429);
    await vi.waitFor(() => expect(feed.seen.events.map((each) => each.event)).toContain('refusal'));
    const refusal = feed.seen.events.find((each) => each.event === 'refusal')!;
    expect(refusal.data).toEqual({
      keyName: 'lim',
      collection: 'agents',
      scope: 'key',
      limit: 'rpm',
      size: 1,
      retryAfterSeconds: Number(refused.headers.get('retry-after')),
      time: expect.any(Number),
    });
    expect(JSON.stringify(feed.seen.events)).not.toContain('a secret prompt');

    const scrape = await scrapeMetrics(t.url, root);
    expect(scrape.series('bench_key_limit_refusals_total')).toEqual([{ key: 'lim', scope: 'key', limit: 'rpm', collection: 'agents' }]);
    expect(scrape.value('bench_key_limit_refusals_total', { key: 'lim', limit: 'rpm' })).toBe(1);
    expect(scrape.value('bench_requests_total', { collection: 'agents', status: '429' })).toBe(1);

    // The refused request made no upstream call: the key's figures hold its one call and its one admitted request.
    await t.gateway.ledger.flush();
    const me = await fetch(`${t.url}/bench/keys/me`, { headers: as(KEYS.lim) });
    const usage = (await me.json()) as any;
    expect(usage.usage.minute).toMatchObject({ requests: 1 });
    expect(usage.usage.day).toMatchObject({ calls: 1 });
    expect(usage.limits.rpm).toMatchObject({ limit: 1, used: 1 });
  });
});

describe('metrics follow a reload of the config file', () => {
  it('a renamed collection, a new key and a model moved to another upstream model are counted under their new names on the next request', async () => {
    expect((await chat(KEYS.ci, 'bench/agents')).json.bench.alias).toBe('m1');
    const before = await scrapeUntil(t.url, (scrape) => scrape.value('bench_upstream_calls_total', { collection: 'agents', status: 'ok' }) >= 2, root);
    expect(before.value('bench_upstream_calls_total', { model: 'm1', collection: 'agents', gen_ai_request_model: 'up-1' })).toBe(2);

    const config = fileConfig();
    const { agents, ...others } = config.collections;
    config.collections = { ...others, crew: agents };
    config.models.m1.model = 'up-1-next';
    config.keys.dev = { keyEnv: 'KEY_DEV' };
    config.aliases['claude-*'] = 'bench/crew:route';
    writeFileSync(t.configPath!, `${JSON.stringify(config, null, 2)}\n`);
    expect(t.gateway.reloadConfig('SIGHUP')).toMatchObject({ status: 'applied' });

    const reply = await chat(KEYS.dev, 'bench/crew');
    expect(reply.json.bench).toMatchObject({ collection: 'crew', alias: 'm1' });
    expect(t.upstream.requestsFor('up-1-next')).toHaveLength(1);
    const after = await scrapeUntil(t.url, (scrape) => scrape.value('bench_upstream_calls_total', { collection: 'crew' }) > 0, root);
    expect(after.value('bench_requests_total', { collection: 'crew', status: '200' })).toBe(1);
    expect(after.value('bench_upstream_calls_total', { model: 'm1', collection: 'crew', gen_ai_request_model: 'up-1-next', status: 'ok' })).toBe(1);
    const next = { model: 'm1', gen_ai_request_model: 'up-1-next', gen_ai_provider_name: 'openai' };
    expect(after.histogram('gen_ai_client_operation_duration_seconds', next).count).toBe(1);
    expect(after.histogram('gen_ai_client_token_usage', { ...next, gen_ai_token_type: 'input' }).count).toBe(1);
    expect(after.value('bench_cost_usd_total', { key: 'dev', collection: 'crew', model: 'm1' })).toBeGreaterThan(0);
    // What was counted before stays under the old names: counters only go up.
    expect(after.value('bench_upstream_calls_total', { collection: 'agents', gen_ai_request_model: 'up-1' })).toBe(2);
  });

  it('telemetry changed by a reload is written, kept running as it was, and the log line says it needs a restart', async () => {
    const saved = await postJSON(
      `${t.url}/bench/config`,
      { edits: [{ path: ['telemetry'], value: { otlp: 'http://127.0.0.1:4318', serviceName: 'team' } }] },
      root,
    );
    expect(saved.status).toBe(200);
    expect(saved.json).toMatchObject({ changed: [], restartNeeded: ['telemetry.otlp', 'telemetry.serviceName'] });
    expect(t.gateway.tracesURL).toBeUndefined();
    expect(t.gateway.config.telemetry).toEqual({ serviceName: 'bench-gateway' });
    expect(fileConfig().telemetry).toEqual({ otlp: 'http://127.0.0.1:4318', serviceName: 'team' });
    expect(logged(/^config saved/).at(-1)).toMatch(/telemetry\.otlp, telemetry\.serviceName take effect at the next restart$/);
  });
});
