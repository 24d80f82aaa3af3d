import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DashboardGateway, startDashboardGateway } from './dashboard-gateway';

const dir = mkdtempSync(join(tmpdir(), 'bench-dashboard-files-'));
const files = join(dir, 'dist');
const INDEX = `<!doctype html><html><head><script type="module" src="/bench/ui/assets/app-3f2a9c.js"></script></head><body>${'<p>bench</p>'.repeat(40)}</body></html>`;
const APP = `export const views = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `view ${i}`))};\n`;
let t: DashboardGateway;

beforeAll(async () => {
  mkdirSync(join(files, 'assets'), { recursive: true });
  writeFileSync(join(files, 'index.html'), INDEX);
  writeFileSync(join(files, 'assets', 'app-3f2a9c.js'), APP);
  writeFileSync(join(files, 'assets', 'logo-9a8b7c.png'), Buffer.alloc(2000, 1));
  writeFileSync(join(dir, 'secret.txt'), 'outside the dashboard');
  t = await startDashboardGateway({ dashboardDir: files }); // keys configured: the files need none
});
afterAll(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A raw GET, the path sent exactly as written (fetch would resolve `..` itself). */
function get(
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  const { hostname, port } = new URL(t.url);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: hostname, port, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

const STRICT = {
  'content-security-policy':
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
};

describe('GET /bench/ui/', () => {
  it('serves index.html to anyone, revalidated, with the strict security headers', async () => {
    const index = await get('/bench/ui/');
    expect(index.status).toBe(200);
    expect(index.body.toString()).toBe(INDEX);
    expect(index.headers).toMatchObject({
      ...STRICT,
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-cache',
      etag: expect.stringMatching(/^"/),
    });
    expect((await get('/bench/ui')).headers.location).toBe('/bench/ui/');
  });

  it('answers index.html for the app routes (client routing), and a 404 for a missing asset', async () => {
    const route = await get('/bench/ui/conversations/c123');
    expect(route.status).toBe(200);
    expect(route.body.toString()).toBe(INDEX);
    expect(route.headers['cache-control']).toBe('no-cache');
    expect((await get('/bench/ui/assets/missing-000.js')).status).toBe(404);
    expect((await get('/bench/ui/nope.css')).status).toBe(404);
  });

  it('caches hashed assets for a year, immutable, with their media type', async () => {
    const app = await get('/bench/ui/assets/app-3f2a9c.js');
    expect(app.status).toBe(200);
    expect(app.headers).toMatchObject({ ...STRICT, 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'public, max-age=31536000, immutable' });
    expect(app.body.toString()).toBe(APP);
    expect((await get('/bench/ui/assets/logo-9a8b7c.png')).headers['content-type']).toBe('image/png');
  });

  it('compresses with brotli or gzip as the browser accepts, and not what is compressed already', async () => {
    const br = await get('/bench/ui/assets/app-3f2a9c.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(brotliDecompressSync(br.body).toString()).toBe(APP);
    expect(br.body.length).toBeLessThan(APP.length / 2);
    const gzip = await get('/bench/ui/assets/app-3f2a9c.js', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(APP);
    const notBr = await get('/bench/ui/assets/app-3f2a9c.js', { 'accept-encoding': 'br;q=0, gzip' });
    expect(notBr.headers['content-encoding']).toBe('gzip');
    expect((await get('/bench/ui/assets/app-3f2a9c.js')).headers['content-encoding']).toBeUndefined();
    expect((await get('/bench/ui/assets/logo-9a8b7c.png', { 'accept-encoding': 'br' })).headers['content-encoding']).toBeUndefined();
    expect(br.headers.etag).not.toBe(gzip.headers.etag);
  });

  it('answers 304 to a matching If-None-Match, with no body', async () => {
    const first = await get('/bench/ui/', { 'accept-encoding': 'br' });
    const again = await get('/bench/ui/', { 'accept-encoding': 'br', 'if-none-match': String(first.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.headers['content-security-policy']).toBe(STRICT['content-security-policy']);
    expect((await get('/bench/ui/', { 'accept-encoding': 'br', 'if-none-match': '"other"' })).status).toBe(200);
  });

  it('refuses every path that leaves the folder', async () => {
    for (const path of [
      '/bench/ui/../secret.txt',
      '/bench/ui/..%2fsecret.txt',
      '/bench/ui/%2e%2e/secret.txt',
      '/bench/ui/assets/..%2f..%2fsecret.txt',
      '/bench/ui/..%5csecret.txt',
      '/bench/ui/%00index.html',
      '/bench/ui/.env',
    ]) {
      const answer = await get(path);
      expect({ path, status: answer.status }).toEqual({ path, status: 404 });
      expect(answer.body.toString()).not.toContain('outside the dashboard');
    }
  });

  it('says so when the dashboard is not installed', async () => {
    const bare = await startDashboardGateway({ dashboardDir: join(dir, 'nowhere') });
    try {
      const response = await fetch(`${bare.url}/bench/ui/`);
      expect(response.status).toBe(404);
      expect(((await response.json()) as any).error.message).toContain('the dashboard is not installed');
    } finally {
      await bare.close();
    }
  });
});
