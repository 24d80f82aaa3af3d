import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEYS, startKeyedGateway } from './keyed-gateway';
import type { TestGateway } from './test-gateway';

let t: TestGateway;
const ALLOWED = 'http://localhost:3000';

beforeAll(async () => {
  t = await startKeyedGateway({ config: (base) => ({ ...base, server: { ...base.server, cors: [ALLOWED] } }) });
});
afterAll(() => t.close());

const chat = (origin: string) =>
  fetch(`${t.url}/v1/chat/completions`, {
    method: 'POST',
    headers: { origin, 'content-type': 'application/json', authorization: `Bearer ${KEYS.root}` },
    body: JSON.stringify({ model: 'bench/agents', messages: [{ role: 'user', content: 'cors' }] }),
  });

describe('CORS', () => {
  it('an allowed origin gets allow-origin and the X-Bench-* headers exposed', async () => {
    const response = await chat(ALLOWED);
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe(ALLOWED);
    const exposed = response.headers.get('access-control-expose-headers')!.toLowerCase();
    for (const name of ['x-bench-panel', 'x-bench-seats', 'x-bench-conversation', 'x-bench-model']) expect(exposed).toContain(name);
    expect(response.headers.get('vary')).toMatch(/origin/i);
  });

  it('a refused origin gets no CORS headers', async () => {
    const response = await chat('https://evil.example');
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    expect(response.headers.get('access-control-expose-headers')).toBeNull();
  });

  it('a preflight from an allowed origin is answered 204 without a key, allowing the asked headers', async () => {
    const response = await fetch(`${t.url}/v1/messages`, {
      method: 'OPTIONS',
      headers: { origin: ALLOWED, 'access-control-request-method': 'POST', 'access-control-request-headers': 'x-api-key, anthropic-version, content-type' },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe(ALLOWED);
    expect(response.headers.get('access-control-allow-methods')).toContain('POST');
    expect(response.headers.get('access-control-allow-headers')).toContain('x-api-key');
  });

  it('a preflight for deleting a stored response allows DELETE', async () => {
    const response = await fetch(`${t.url}/v1/responses/resp_1`, {
      method: 'OPTIONS',
      headers: { origin: ALLOWED, 'access-control-request-method': 'DELETE' },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-methods')?.split(', ')).toContain('DELETE');
  });

  it('a preflight from a refused origin is refused, with no allow headers', async () => {
    const response = await fetch(`${t.url}/v1/chat/completions`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(response.status).toBe(403);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    expect(response.headers.get('access-control-allow-methods')).toBeNull();
  });

  it('errors carry the CORS headers too, so a browser can read them', async () => {
    const response = await fetch(`${t.url}/v1/models`, { headers: { origin: ALLOWED } });
    expect(response.status).toBe(401);
    expect(response.headers.get('access-control-allow-origin')).toBe(ALLOWED);
  });
});
