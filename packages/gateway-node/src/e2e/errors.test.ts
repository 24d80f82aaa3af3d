import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEYS, startKeyedGateway } from './keyed-gateway';
import { errorMessageOf, errorTypeOf, minimalRequest, postJSON } from './raw-requests';
import { SDK_PROTOCOLS, sdksFor, type SdkProtocol } from './sdk-clients';
import type { TestGateway } from './test-gateway';

let t: TestGateway;

beforeAll(async () => {
  t = await startKeyedGateway({ config: (base) => ({ ...base, server: { ...base.server, bodyLimitBytes: 64 * 1024, cors: ['http://localhost:3000'] } }) });
});
afterAll(() => t.close());

/** Each protocol's own way of sending a key. */
const KEY_HEADERS: Record<SdkProtocol, (key: string) => Record<string, string>> = {
  'openai-chat': (key) => ({ authorization: `Bearer ${key}` }),
  'openai-responses': (key) => ({ authorization: `Bearer ${key}` }),
  anthropic: (key) => ({ 'x-api-key': key, 'anthropic-version': '2023-06-01' }),
  gemini: (key) => ({ 'x-goog-api-key': key }),
  ollama: (key) => ({ authorization: `Bearer ${key}` }),
};

const EXPECTED_TYPES: Record<SdkProtocol, Record<number, string | undefined>> = {
  'openai-chat': { 401: 'authentication_error', 403: 'permission_error', 404: 'not_found_error', 413: 'invalid_request_error' },
  'openai-responses': { 401: 'authentication_error', 403: 'permission_error', 404: 'not_found_error', 413: 'invalid_request_error' },
  anthropic: { 401: 'authentication_error', 403: 'permission_error', 404: 'not_found_error', 413: 'request_too_large' },
  gemini: { 401: 'UNAUTHENTICATED', 403: 'PERMISSION_DENIED', 404: 'NOT_FOUND', 413: 'INVALID_ARGUMENT' },
  ollama: {},
};

async function expectError(protocol: SdkProtocol, result: { status: number; json: any }, status: number) {
  expect(result.status).toBe(status);
  const message = errorMessageOf(protocol, result.json);
  expect(message, JSON.stringify(result.json)).toEqual(expect.stringMatching(/\w{3,}/));
  const type = EXPECTED_TYPES[protocol][status];
  if (type) expect(errorTypeOf(protocol, result.json)).toBe(type);
  return message!;
}

describe.each(SDK_PROTOCOLS)('%s error shapes', (protocol) => {
  const call = (model: string, headers: Record<string, string>, text = 'hi') => {
    const { path, body } = minimalRequest(protocol, model, text, false);
    return postJSON(t.url + path, body, headers);
  };

  it("401 without a key, and with a wrong key; the key works in the protocol's own header", async () => {
    expect(await expectError(protocol, await call('bench/core', {}), 401)).toMatch(/missing key/);
    expect(await expectError(protocol, await call('bench/core', KEY_HEADERS[protocol]('not-a-key')), 401)).toMatch(/wrong key/);
    t.upstream.script('up-1', { answer: { text: 'served' } });
    const ok = await call('bench/core:route', KEY_HEADERS[protocol](KEYS.alice));
    expect(ok.status).toBe(200);
    expect(ok.text).toContain('served');
  });

  it('403 for a collection the key may not call', async () => {
    expect(await expectError(protocol, await call('bench/agents', KEY_HEADERS[protocol](KEYS.alice)), 403)).toMatch(/may not call collection "agents"/);
  });

  it('404 for an unknown collection, an unknown suffix and an unknown name', async () => {
    const headers = KEY_HEADERS[protocol](KEYS.root);
    expect(await expectError(protocol, await call('bench/nope', headers), 404)).toMatch(/unknown (collection|model) "nope"/);
    expect(await expectError(protocol, await call('bench/core:fast', headers), 404)).toMatch(/:fast/);
    expect(await expectError(protocol, await call('no-such-model', headers), 404)).toMatch(/unknown model/);
  });

  it("413 for a body over the limit, and when no member's context window fits", async () => {
    const headers = KEY_HEADERS[protocol](KEYS.root);
    expect(await expectError(protocol, await call('bench/agents', headers, 'x'.repeat(70 * 1024)), 413)).toMatch(/bodyLimitBytes/);
    expect(await expectError(protocol, await call('bench/tiny', headers, 'word '.repeat(400)), 413)).toMatch(/m6/);
    expect(t.upstream.requestsFor('up-6')).toHaveLength(0);
  });
});

describe('keys in every accepted form; the open routes', () => {
  it.each([
    ['Authorization: Bearer', { authorization: `Bearer ${KEYS.root}` }, ''],
    ['x-api-key', { 'x-api-key': KEYS.root }, ''],
    ['x-goog-api-key', { 'x-goog-api-key': KEYS.root }, ''],
    ['?key=', {}, `?key=${KEYS.root}`],
  ])('%s', async (_name, headers, query) => {
    const response = await fetch(`${t.url}/v1/models${query}`, { headers });
    expect(response.status).toBe(200);
  });

  it('GET /bench/health, HEAD / and a CORS preflight need no key; everything else does', async () => {
    expect((await fetch(`${t.url}/bench/health`)).status).toBe(200);
    const head = await fetch(`${t.url}/`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    const preflight = await fetch(`${t.url}/v1/messages`, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:3000', 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(204);
    for (const path of ['/v1/models', '/v1beta/models', '/api/tags', '/api/version', '/api/ps', '/']) {
      expect((await fetch(t.url + path)).status, path).toBe(401);
    }
    const verdict = await postJSON(`${t.url}/bench/verdict`, { call: 'x', useful: true });
    expect(verdict.status).toBe(401);
  });

  it('the SDKs see a 401 as their authentication error', async () => {
    const wrong = sdksFor(t.url, 'wrong');
    await expect(wrong.openai.chat.completions.create({ model: 'bench/core', messages: [{ role: 'user', content: 'x' }] })).rejects.toMatchObject({
      status: 401,
    });
    await expect(wrong.anthropic.messages.create({ model: 'bench/core', max_tokens: 5, messages: [{ role: 'user', content: 'x' }] })).rejects.toMatchObject({
      status: 401,
      error: { error: { type: 'authentication_error' } },
    });
    await expect(wrong.gemini.models.generateContent({ model: 'core', contents: 'x' })).rejects.toMatchObject({ status: 401 });
    await expect(wrong.ollama.chat({ model: 'bench/core', messages: [{ role: 'user', content: 'x' }] })).rejects.toMatchObject({ status_code: 401 });
  });
});

describe('an unknown route answers 404 in the shape of the protocol its path belongs to', () => {
  it.each([
    ['/api/nope', 'ollama'],
    ['/v1beta/nope', 'gemini'],
    ['/v1beta/models/core:embedContent', 'gemini'],
    ['/v1/messages/batches', 'anthropic'],
    ['/v1/embeddings', 'openai-chat'],
    ['/bench/nope', 'openai-chat'],
    ['/nothing/here', 'openai-chat'],
  ] as const)('%s → %s', async (path, protocol) => {
    const result = await postJSON(t.url + path, {}, { authorization: `Bearer ${KEYS.root}` });
    expect(await expectError(protocol, result, 404)).toMatch(/no route/);
    // Without a key, an unknown route is still a 404 (nothing to authenticate against).
    expect((await postJSON(t.url + path, {})).status).toBe(404);
  });
});

describe("Codex's compaction route takes bad input like any other", () => {
  const compact = (body: unknown, headers: Record<string, string> = { authorization: `Bearer ${KEYS.root}` }) =>
    postJSON(`${t.url}/v1/responses/compact`, body, headers);

  it('401 without a key, 413 over the body limit, 400 for broken JSON or a wrong type, in the Responses shape; then still serving', async () => {
    const history = [{ type: 'message', role: 'user', content: 'rename a to b' }];
    const unkeyed = await compact({ model: 'bench/agents', input: history }, {});
    expect([unkeyed.status, errorTypeOf('openai-responses', unkeyed.json)]).toEqual([401, 'authentication_error']);
    const big = await compact({ model: 'bench/agents', input: [{ type: 'message', role: 'user', content: 'x'.repeat(70 * 1024) }] });
    expect([big.status, errorTypeOf('openai-responses', big.json)]).toEqual([413, 'invalid_request_error']);
    const broken = await compact('{"model":"bench/agents","input":[');
    expect(broken.status).toBe(400);
    expect(errorMessageOf('openai-responses', broken.json)).toMatch(/not valid JSON/);
    const wrong = await compact({ model: 'bench/agents', input: 5 });
    expect([wrong.status, wrong.json.error.param]).toEqual([400, 'input']);
    expect(errorMessageOf('openai-responses', wrong.json)).toMatch(/expected a string, or an array of input items/);
    const forged = await compact({ model: 'bench/agents', input: [{ type: 'compaction', encrypted_content: 7 }, ...history] });
    // A compaction it cannot read is left out for a member of another protocol (OpenAI Chat here), as any unknown item.
    expect(forged.status).toBe(200);
    const sent = JSON.stringify(t.upstream.requestsFor('up-1').at(-1)!.body);
    expect(sent).toContain('handoff summary');
    expect(sent).not.toContain('encrypted_content');
    expect((await fetch(`${t.url}/bench/health`)).status).toBe(200);
  });
});
