import { describe, expect, it } from 'vitest';
import { KEYS, startKeyedGateway } from './keyed-gateway';
import { errorMessageOf, postJSON } from './raw-requests';
import { ask } from './sdk-clients';
import { scrapeMetrics, scrapeUntil } from './scrape-metrics';
import { startTestGateway, useTestGateway } from './test-gateway';

// `fo`: m4 always answers 503 (no second chance), so every turn fails over to m2. `slow`: m5 streams a piece every 150 ms.
const { t, sdks } = useTestGateway({
  scripts: {
    'up-4': { error: { status: 503 } },
    'up-5': { answer: { text: ['one ', 'two ', 'three ', 'four ', 'five'] }, pieceDelayMs: 150 },
  },
  config: (base) => ({
    ...base,
    collections: {
      ...base.collections,
      fo: { members: ['m4', 'm2'], reply: 'route', order: 'listed', sticky: false, retry: { serverErrorRetries: 0 } },
      slow: { members: ['m5'], reply: 'route' },
    },
  }),
});

describe('GET /metrics after real traffic', () => {
  it('counts requests, upstream calls, failovers, seconds, tokens and cost, in Prometheus text format', async () => {
    const before = await scrapeMetrics(t().url);
    expect(before.contentType).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(before.value('bench_requests_total')).toBe(0);
    expect(before.type('bench_requests_total')).toBe('COUNTER');
    expect(before.type('gen_ai_client_operation_duration_seconds')).toBe('HISTOGRAM');
    expect(before.type('gen_ai_client_token_usage')).toBe('HISTOGRAM');
    expect(before.type('bench_open_streams')).toBe('GAUGE');

    await ask(sdks(), 'openai-chat', 'bench/agents', 'route me', false);
    await ask(sdks(), 'anthropic', 'bench/core', 'a panel please', false);
    const failedOver = await ask(sdks(), 'openai-chat', 'bench/fo', 'fail over', true);
    expect(failedOver.bench).toMatchObject({ alias: 'm2', failed_over: [{ alias: 'm4' }] });
    const unknown = await postJSON(`${t().url}/v1/chat/completions`, { model: 'bench/nope', messages: [{ role: 'user', content: 'x' }] });
    expect(unknown.status).toBe(404);

    // The failover turn is recorded just after its stream ended: scrape until its calls are counted.
    const after = await scrapeUntil(t().url, (scrape) => scrape.value('bench_failovers_total') > 0);
    const requests = (labels: Record<string, string>) => after.value('bench_requests_total', labels);
    expect(requests({ route: '/v1/chat/completions', protocol: 'openai-chat', collection: 'agents', status: '200' })).toBe(1);
    expect(requests({ route: '/v1/messages', protocol: 'anthropic', collection: 'core', status: '200' })).toBe(1);
    expect(requests({ route: '/v1/chat/completions', collection: 'fo', status: '200' })).toBe(1);
    expect(requests({ route: '/v1/chat/completions', status: '404' })).toBe(1);
    expect(requests({ route: '/metrics', status: '200' })).toBeGreaterThanOrEqual(1);
    expect(after.histogram('http_server_request_duration_seconds', { http_route: '/v1/messages', http_response_status_code: '200' }).count).toBe(1);

    const calls = (labels: Record<string, string>) => after.value('bench_upstream_calls_total', labels);
    expect(calls({ model: 'm1', collection: 'agents', status: 'ok', purpose: 'route', gen_ai_request_model: 'up-1' })).toBe(1);
    expect(calls({ collection: 'core', status: 'ok', purpose: 'seat' })).toBe(3);
    expect(calls({ model: 'm4', collection: 'fo', status: 'server', purpose: 'route' })).toBe(1);
    expect(calls({ model: 'm2', collection: 'fo', status: 'ok', purpose: 'route' })).toBe(1);
    expect(after.value('bench_failovers_total', { collection: 'fo', from: 'm4', to: 'm2', reason: 'server', stage: 'before_first_piece' })).toBe(1);

    const m1 = { gen_ai_operation_name: 'chat', gen_ai_provider_name: 'openai', gen_ai_request_model: 'up-1', model: 'm1' };
    expect(after.histogram('gen_ai_client_operation_duration_seconds', { ...m1, error_type: '' }).count).toBe(2); // the route and its seat
    expect(after.histogram('gen_ai_client_operation_duration_seconds', { model: 'm4', error_type: 'server', gen_ai_provider_name: 'anthropic' }).count).toBe(1);
    expect(after.histogram('gen_ai_client_operation_time_to_first_chunk_seconds', m1).count).toBe(2);
    const input = after.histogram('gen_ai_client_token_usage', { ...m1, gen_ai_token_type: 'input' });
    const output = after.histogram('gen_ai_client_token_usage', { ...m1, gen_ai_token_type: 'output' });
    expect(input.count).toBe(2);
    expect(input.sum).toBeGreaterThan(0);
    expect(output.sum).toBeGreaterThan(0);
    // m1 costs $1 per million input tokens and $2 per million output tokens; the others have no price.
    expect(after.value('bench_cost_usd_total', { model: 'm1' })).toBeCloseTo((input.sum * 1 + output.sum * 2) / 1_000_000, 12);
    expect(after.series('bench_cost_usd_total').map((labels) => labels.model)).toEqual(['m1', 'm1']);
    expect(after.value('bench_cost_usd_total', { model: 'm1', collection: 'agents', key: 'local' })).toBeGreaterThan(0);

    expect(after.value('bench_ledger_up')).toBe(1);
    expect(after.value('bench_ledger_refused_records_total')).toBe(0);
    expect(after.names).toContain('bench_ledger_queued_records');
    expect(after.value('bench_open_streams')).toBe(0);
    expect(after.value('bench_key_limit_refusals_total')).toBe(0);
  });

  it('moves by one for one more request, and counts a stream as open while it streams', async () => {
    const before = await scrapeMetrics(t().url);
    const response = await fetch(`${t().url}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'bench/slow', stream: true, messages: [{ role: 'user', content: 'slowly' }] }),
    });
    const reader = response.body!.getReader();
    await reader.read(); // the first piece: the stream is open
    const during = await scrapeMetrics(t().url);
    expect(during.value('bench_open_streams')).toBe(1);
    while (!(await reader.read()).done) {
      // read to the end
    }
    const after = await scrapeUntil(
      t().url,
      (scrape) => scrape.value('bench_open_streams') === 0 && scrape.value('bench_upstream_calls_total', { model: 'm5' }) === 1,
    );
    expect(after.value('bench_open_streams')).toBe(0);
    const slow = { route: '/v1/chat/completions', collection: 'slow', status: '200' };
    expect(after.value('bench_requests_total', slow) - before.value('bench_requests_total', slow)).toBe(1);
    expect(after.value('bench_upstream_calls_total', { model: 'm5', status: 'ok', gen_ai_request_model: 'up-5' })).toBe(1);
    const m5 = { model: 'm5', gen_ai_provider_name: 'gcp.gemini' };
    // Five pieces 150 ms apart: the first arrives well before the last.
    const first = after.histogram('gen_ai_client_operation_time_to_first_chunk_seconds', m5);
    const total = after.histogram('gen_ai_client_operation_duration_seconds', m5);
    expect(first.count).toBe(1);
    expect(total.sum).toBeGreaterThan(first.sum);
  });

  it('names the Gemini route by its template, never by the model or the query string', async () => {
    const response = await postJSON(`${t().url}/v1beta/models/agents:generateContent?alt=json`, { contents: [{ role: 'user', parts: [{ text: 'hi' }] }] });
    expect(response.status).toBe(200);
    const scrape = await scrapeMetrics(t().url);
    expect(scrape.value('bench_requests_total', { route: '/v1beta/models/{model}:generateContent', protocol: 'gemini', collection: 'agents' })).toBe(1);
    expect(scrape.series('bench_requests_total').some((labels) => labels.route?.includes('agents') || labels.route?.includes('?'))).toBe(false);
  });
});

describe('GET /metrics on a gateway made with metrics: false', () => {
  it('counts nothing, and answers 404 saying why', async () => {
    const quiet = await startTestGateway({ metrics: false });
    try {
      const response = await fetch(`${quiet.url}/metrics`);
      expect(response.status).toBe(404);
      expect(errorMessageOf('openai-chat', await response.json())).toMatch(/metrics: false/);
    } finally {
      await quiet.close();
    }
  });
});

describe('GET /metrics with keys', () => {
  it('needs a key marked admin: a plain key gets 403 saying so, no key 401, an admin key the metrics', async () => {
    const keyed = await startKeyedGateway({
      config: (base) => ({ ...base, keys: { ...base.keys, root: { keyEnv: 'KEY_ROOT', admin: true } } }),
    });
    try {
      const plain = await fetch(`${keyed.url}/metrics`, { headers: { authorization: `Bearer ${KEYS.alice}` } });
      expect(plain.status).toBe(403);
      expect(errorMessageOf('openai-chat', await plain.json())).toMatch(/\/metrics needs a key marked "admin": true.*\(alice\)/);
      const none = await fetch(`${keyed.url}/metrics`);
      expect(none.status).toBe(401);
      const admin = await scrapeMetrics(keyed.url, { authorization: `Bearer ${KEYS.root}` });
      // The refusals are counted like any request, by route and status.
      expect(admin.value('bench_requests_total', { route: '/metrics', status: '403' })).toBe(1);
      expect(admin.value('bench_requests_total', { route: '/metrics', status: '401' })).toBe(1);
    } finally {
      await keyed.close();
    }
  });

  it('counts an upstream 429 (every member rate limited) as no key limit', async () => {
    const keyed = await startKeyedGateway({
      scripts: { 'up-4': { error: { status: 429, headers: { 'retry-after': '60' } } } },
      config: (base) => ({
        ...base,
        collections: { ...base.collections, limited: { members: ['m4'], reply: 'route', retry: { retryAfterMaxMs: 0 } } },
        keys: { ...base.keys, root: { keyEnv: 'KEY_ROOT', admin: true } },
      }),
    });
    try {
      const root = { authorization: `Bearer ${KEYS.root}` };
      const limited = await postJSON(`${keyed.url}/v1/chat/completions`, { model: 'bench/limited', messages: [{ role: 'user', content: 'x' }] }, root);
      expect(limited.status).toBe(429);
      const scrape = await scrapeUntil(keyed.url, (each) => each.value('bench_upstream_calls_total', { model: 'm4' }) > 0, root);
      expect(scrape.value('bench_requests_total', { collection: 'limited', status: '429' })).toBe(1);
      expect(scrape.value('bench_upstream_calls_total', { model: 'm4', status: 'rate-limited' })).toBe(1);
      expect(scrape.value('bench_key_limit_refusals_total')).toBe(0);
    } finally {
      await keyed.close();
    }
  });
});
