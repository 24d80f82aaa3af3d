import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DASHBOARD_KEYS, type DashboardGateway, startDashboardGateway } from './dashboard-gateway';
import { sdksFor } from './sdk-clients';

let t: DashboardGateway;
let call = '';

beforeAll(async () => {
  t = await startDashboardGateway({ captureLog: true });
  const reply = (await sdksFor(t.url, DASHBOARD_KEYS.bob).openai.chat.completions.create({
    model: 'bench/agents',
    messages: [{ role: 'user', content: 'judge me' }],
  })) as any;
  call = reply.bench.call;
});
afterAll(() => t?.close());

async function request(path: string, init: RequestInit = {}): Promise<{ status: number; headers: Headers; json: any }> {
  const response = await fetch(`${t.url}${path}`, { redirect: 'manual', ...init });
  const text = await response.text();
  return { status: response.status, headers: response.headers, json: text ? JSON.parse(text) : undefined };
}

/** Logs in with the admin key: the cookie to send back and the session's CSRF token. */
async function login(headers: Record<string, string> = {}): Promise<{ cookie: string; csrf: string; setCookie: string }> {
  const response = await request('/bench/ui/session', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ key: DASHBOARD_KEYS.me }),
  });
  expect(response.status).toBe(200);
  const setCookie = response.headers.get('set-cookie') ?? '';
  return { cookie: setCookie.split(';')[0]!, csrf: response.json.csrf, setCookie };
}

describe('the dashboard login', () => {
  it('exchanges an admin key for an HttpOnly, SameSite=Strict session cookie on /bench that opens the admin routes', async () => {
    const { cookie, csrf, setCookie } = await login();
    expect(setCookie).toMatch(/^bench_session=[A-Za-z0-9_-]{40,}; Path=\/bench; HttpOnly; SameSite=Strict; Max-Age=43200$/);
    expect(csrf).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    const calls = await request('/bench/calls', { headers: { cookie } });
    expect(calls.status).toBe(200);
    expect(calls.json.calls.map((c: any) => c.id)).toContain(call);
    const me = await request('/bench/ui/session', { headers: { cookie } });
    expect(me.json).toEqual({ object: 'bench.session', keyName: 'me', login: true, via: 'cookie', expires: expect.any(Number), csrf });
    expect(me.json.expires).toBeGreaterThan(Date.now() + 11 * 3_600_000);
  });

  it('marks the cookie Secure when the request came over HTTPS (through a proxy that says so)', async () => {
    const { setCookie } = await login({ 'x-forwarded-proto': 'https' });
    expect(setCookie).toMatch(/; Secure$/);
  });

  it('refuses a plain key (403), a wrong or missing key (401), and with no keys configured there is nothing to log in to', async () => {
    const post = (body: unknown) =>
      request('/bench/ui/session', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const plain = await post({ key: DASHBOARD_KEYS.bob });
    expect(plain.status).toBe(403);
    expect(plain.json.error.message).toContain('"admin": true');
    expect(plain.headers.get('set-cookie')).toBeNull();
    expect((await post({ key: 'not-a-key' })).status).toBe(401);
    const missing = await post({});
    expect(missing.status).toBe(400);
    expect(missing.json.error.param).toBe('key');
  });

  it('gives the admin routes 401 without a key or session, 403 to a plain key, and 200 to the admin key in a header', async () => {
    expect((await request('/bench/calls')).status).toBe(401);
    expect((await request('/bench/ui/session')).status).toBe(401);
    const plain = await request('/bench/overview', { headers: { authorization: `Bearer ${DASHBOARD_KEYS.bob}` } });
    expect(plain.status).toBe(403);
    expect(plain.json.error.message).toContain('"admin": true');
    expect((await request('/bench/events', { headers: { authorization: `Bearer ${DASHBOARD_KEYS.alice}` } })).status).toBe(403);
    expect((await request('/bench/models', { headers: { authorization: `Bearer ${DASHBOARD_KEYS.me}` } })).status).toBe(200);
    expect((await request('/bench/ui/session', { headers: { authorization: `Bearer ${DASHBOARD_KEYS.me}` } })).json).toMatchObject({ via: 'key', csrf: null });
  });

  it('never takes a key in the URL, not even the admin one', async () => {
    const refused = await request(`/bench/calls?key=${DASHBOARD_KEYS.me}`);
    expect(refused.status).toBe(401);
    expect(refused.json.error.message).toContain('no key in the URL');
    expect((await request(`/bench/ui/session?key=${DASHBOARD_KEYS.me}`)).status).toBe(401);
  });

  it('takes a change carried by the cookie only with the CSRF token, from its own origin', async () => {
    const { cookie, csrf } = await login();
    const verdict = (headers: Record<string, string>) =>
      request('/bench/verdict', {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie, ...headers },
        body: JSON.stringify({ call, useful: true }),
      });
    const missing = await verdict({});
    expect(missing.status).toBe(403);
    expect(missing.json.error.message).toContain('x-bench-csrf');
    expect((await verdict({ 'x-bench-csrf': `${csrf.slice(0, -1)}x` })).status).toBe(403);
    expect((await t.gateway.ledger.getVerdict(call)) ?? null).toBeNull(); // nothing was written
    const crossOrigin = await verdict({ 'x-bench-csrf': csrf, origin: 'http://evil.example' });
    expect(crossOrigin.status).toBe(403);
    expect(crossOrigin.json.error.message).toContain('another origin');
    const ok = await verdict({ 'x-bench-csrf': csrf, origin: t.url });
    expect(ok.status).toBe(200);
    expect(await t.gateway.ledger.getVerdict(call)).toMatchObject({ useful: true });
    // A key in a header is nothing a browser sends by itself: a page elsewhere that holds one may use it.
    const keyed = await request('/bench/verdict', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${DASHBOARD_KEYS.bob}`, origin: 'http://app.example' },
      body: JSON.stringify({ call, useful: false }),
    });
    expect(keyed.status).toBe(200);
  });

  it('logs out: the session ends, the cookie is cleared, and the cookie opens nothing any more', async () => {
    const { cookie, csrf } = await login();
    expect((await request('/bench/ui/session', { method: 'DELETE', headers: { cookie } })).status).toBe(403); // no CSRF token
    const out = await request('/bench/ui/session', { method: 'DELETE', headers: { cookie, 'x-bench-csrf': csrf } });
    expect(out.status).toBe(204);
    expect(out.headers.get('set-cookie')).toBe('bench_session=; Path=/bench; HttpOnly; SameSite=Strict; Max-Age=0');
    const after = await request('/bench/calls', { headers: { cookie } });
    expect(after.status).toBe(401);
    expect(after.json.error.message).toContain('log in again');
    expect((await request('/bench/ui/session', { headers: { cookie } })).status).toBe(401);
  });

  it('never writes a key or a session cookie in its log', async () => {
    const { cookie } = await login();
    await request('/bench/calls', { headers: { cookie } });
    await request(`/bench/calls?key=${DASHBOARD_KEYS.me}`);
    const log = JSON.stringify(t.logLines);
    expect(t.logLines.some((line) => line.route === '/bench/ui/session')).toBe(true);
    for (const secret of [...Object.values(DASHBOARD_KEYS), cookie.split('=')[1]!]) expect(log).not.toContain(secret);
  });
});

describe('the dashboard without keys', () => {
  it('opens on loopback with no login, and refuses a login', async () => {
    const open = await startDashboardGateway({ config: ({ keys: _keys, ...base }) => base });
    try {
      const me = await open.get('/bench/ui/session', {});
      expect(me.json).toEqual({ object: 'bench.session', keyName: 'local', login: false, via: 'loopback', expires: null, csrf: null });
      expect((await open.get('/bench/overview', {})).status).toBe(200);
      const refused = await fetch(`${open.url}/bench/ui/session`, { method: 'POST', body: JSON.stringify({ key: 'x' }) });
      expect(refused.status).toBe(400);
      const crossOrigin = await fetch(`${open.url}/bench/verdict`, {
        method: 'POST',
        headers: { origin: 'http://evil.example' },
        body: JSON.stringify({ call: 'x', useful: true }),
      });
      expect(crossOrigin.status).toBe(403);
    } finally {
      await open.close();
    }
  });
});
