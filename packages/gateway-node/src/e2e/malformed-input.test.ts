import { once } from 'node:events';
import { connect } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMessageOf, minimalRequest } from './raw-requests';
import { ask, SDK_PROTOCOLS, sdksFor, type SdkProtocol } from './sdk-clients';
import { startTestGateway, type TestGateway } from './test-gateway';

let t: TestGateway;

beforeAll(async () => {
  t = await startTestGateway({ config: (base) => ({ ...base, server: { ...base.server, bodyLimitBytes: 256 * 1024 } }) });
});
afterAll(() => t.close());

async function send(path: string, body: string | Buffer, headers: Record<string, string> = {}) {
  const response = await fetch(t.url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : new Uint8Array(body),
  });
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, json, text };
}

const weather = { type: 'object', properties: { city: { type: 'string' } } };
const BAD_BASE64 = '%%%not-base64%%%';

/** `body` as JSON with a field `deep` nested 5,000 arrays deep: it parses, but JSON.stringify (which recurses) could not write it. */
function withDeepField(body: Record<string, unknown>): string {
  return JSON.stringify({ ...body, deep: '@deep@' }).replace('"@deep@"', `${'['.repeat(5000)}"x"${']'.repeat(5000)}`);
}

/** Protocol-specific breakages of a valid request, by name: each a body and the status it must get. */
function breakages(protocol: SdkProtocol): Array<[string, Record<string, unknown>, number]> {
  const { body } = minimalRequest(protocol, 'bench/agents', 'hi', false);
  const asked = (model: string) => ({ ...body, model });
  const common: Array<[string, Record<string, unknown>, number]> = [
    ['unknown bench.reply', { ...body, bench: { reply: 'fastest' } }, 400],
    ['bench not an object', { ...body, bench: 'route' }, 400],
    ['unknown bench field', { ...body, bench: { panel: true } }, 400],
  ];
  if (protocol !== 'gemini') {
    common.push(['unknown suffix', asked('bench/agents:fast'), 404], ['model a number', asked(42 as never), 400], ['model empty', asked(''), 400]);
  }
  switch (protocol) {
    case 'openai-chat':
      return [
        ...common,
        ['messages a string', { ...body, messages: 'hi' }, 400],
        ['message without role', { ...body, messages: [{ content: 'hi' }] }, 400],
        ['temperature a string', { ...body, temperature: 'hot' }, 400],
        ['max_tokens 0', { ...body, max_tokens: 0 }, 400],
        ['max_completion_tokens 0', { ...body, max_completion_tokens: 0 }, 400],
        [
          'bad image data',
          { ...body, messages: [{ role: 'user', content: [{ type: 'image_url', image_url: { url: `data:image/png;base64,${BAD_BASE64}` } }] }] },
          400,
        ],
        [
          'tool_choice naming no tool',
          {
            ...body,
            tools: [{ type: 'function', function: { name: 'get_weather', parameters: weather } }],
            tool_choice: { type: 'function', function: { name: 'nope' } },
          },
          400,
        ],
      ];
    case 'openai-responses':
      return [
        ...common,
        ['input a number', { ...body, input: 7 }, 400],
        ['max_output_tokens 0', { ...body, max_output_tokens: 0 }, 400],
        ['message content a number', { ...body, input: [{ type: 'message', role: 'user', content: 5 }] }, 400],
        ['bad image data', { ...body, input: [{ role: 'user', content: [{ type: 'input_image', image_url: `data:image/png;base64,${BAD_BASE64}` }] }] }, 400],
        [
          'tool_choice naming no tool',
          { ...body, tools: [{ type: 'function', name: 'get_weather', parameters: weather }], tool_choice: { type: 'function', name: 'nope' } },
          400,
        ],
      ];
    case 'anthropic':
      return [
        ...common,
        ['max_tokens missing', { model: 'bench/agents', messages: [{ role: 'user', content: 'hi' }] }, 400],
        ['max_tokens 0', { ...body, max_tokens: 0 }, 400],
        ['text block whose text is a number', { ...body, messages: [{ role: 'user', content: [{ type: 'text', text: 5 }] }] }, 400],
        [
          'bad image data',
          { ...body, messages: [{ role: 'user', content: [{ type: 'image', source: { type: 'base64', media_type: 'image/png', data: BAD_BASE64 } }] }] },
          400,
        ],
        [
          'image of an unsupported type',
          { ...body, messages: [{ role: 'user', content: [{ type: 'image', source: { type: 'base64', media_type: 'image/tiff', data: 'AAAA' } }] }] },
          400,
        ],
        ['tool_choice naming no tool', { ...body, tools: [{ name: 'get_weather', input_schema: weather }], tool_choice: { type: 'tool', name: 'nope' } }, 400],
      ];
    case 'gemini':
      return [
        ...common,
        ['contents an object', { contents: { text: 'hi' } }, 400],
        ['maxOutputTokens 0', { ...body, generationConfig: { maxOutputTokens: 0 } }, 400],
        ['part whose text is a number', { contents: [{ role: 'user', parts: [{ text: 5 }] }] }, 400],
        ['bad image data', { contents: [{ role: 'user', parts: [{ inlineData: { mimeType: 'image/png', data: BAD_BASE64 } }] }] }, 400],
        [
          'allowedFunctionNames naming no tool',
          {
            ...body,
            tools: [{ functionDeclarations: [{ name: 'get_weather', parameters: weather }] }],
            toolConfig: { functionCallingConfig: { mode: 'ANY', allowedFunctionNames: ['nope'] } },
          },
          400,
        ],
      ];
    case 'ollama':
      return [
        ...common,
        ['messages a string', { ...body, messages: 'hi' }, 400],
        ['options not an object', { ...body, options: 'fast' }, 400],
        ['bad image data', { ...body, messages: [{ role: 'user', content: 'what?', images: [BAD_BASE64] }] }, 400],
      ];
  }
}

describe.each(SDK_PROTOCOLS)('%s malformed input', (protocol) => {
  const { path, body } = minimalRequest(protocol, 'bench/agents', 'hi', false);

  const cases = breakages(protocol).map(([name, broken, status]) => ({ name, broken, status }));
  it.each(cases)("$name → $status in the protocol's error shape, nothing sent upstream", async ({ broken, status }) => {
    t.upstream.clearRequests();
    const result = await send(path, JSON.stringify(broken));
    expect(result.status, result.text).toBe(status);
    expect(errorMessageOf(protocol, result.json), result.text).toEqual(expect.any(String));
    expect(t.upstream.requests).toHaveLength(0);
  });

  it.each([
    ['invalid JSON', '{"model": "bench/agents", ', 400],
    ['an empty body', '', 400],
    ['a JSON array', '[1, 2]', 400],
    ['a JSON string', '"hello"', 400],
    ['null', 'null', 400],
    ['a huge body', JSON.stringify({ ...body, pad: 'x'.repeat(300 * 1024) }), 413],
  ] as const)('%s → %s', async (_name, text, status) => {
    const result = await send(path, text);
    expect(result.status, result.text).toBe(status);
    expect(errorMessageOf(protocol, result.json), result.text).toEqual(expect.any(String));
  });

  it('a body nested too deeply is refused naming where, and a deep but sane tool schema is not', async () => {
    t.upstream.clearRequests();
    const refused = await send(path, withDeepField(body));
    expect(refused.status, refused.text).toBe(400);
    expect(t.upstream.requests).toHaveLength(0);
    expect(errorMessageOf(protocol, refused.json)).toMatch(/^deep\[0\]\[0\].*…: nested deeper than 128 levels/);
    t.upstream.script('up-1', { answer: { text: 'deep enough' } });
    let schema: Record<string, unknown> = { type: 'string' };
    for (let level = 0; level < 20; level += 1) schema = { type: 'object', properties: { a: schema } };
    const sane = await send(path, JSON.stringify({ ...body, deep: schema }));
    expect(sane.status, sane.text).toBe(200);
  });

  it('a gzip body is read; a body that is not what its content-encoding says, or an unknown encoding, is refused', async () => {
    t.upstream.script('up-1', { answer: { text: 'unzipped fine' } });
    const zipped = await send(path, gzipSync(JSON.stringify(body)), { 'content-encoding': 'gzip' });
    expect(zipped.status, zipped.text).toBe(200);
    expect(zipped.text).toContain('unzipped fine');
    const lying = await send(path, JSON.stringify(body), { 'content-encoding': 'gzip' });
    expect(lying.status, lying.text).toBe(400);
    expect(errorMessageOf(protocol, lying.json)).toEqual(expect.any(String));
    const unknown = await send(path, JSON.stringify(body), { 'content-encoding': 'snappy' });
    expect(unknown.status, unknown.text).toBe(415);
    expect(errorMessageOf(protocol, unknown.json)).toMatch(/content-encoding/);
    const bomb = await send(path, gzipSync(JSON.stringify({ ...body, pad: 'x'.repeat(2 * 1024 * 1024) })), { 'content-encoding': 'gzip' });
    expect(bomb.status, bomb.text).toBe(413);
  });
});

describe('Gemini names in the path', () => {
  it.each([
    ['an unknown suffix', '/v1beta/models/agents:fast:generateContent', 404],
    ['an unknown collection', '/v1beta/models/nope:streamGenerateContent?alt=sse', 404],
    ['an unknown method', '/v1beta/models/agents:embedContent', 404],
    ['a name that is no valid percent-encoding', '/v1beta/models/%ZZ:generateContent', 404],
  ])('%s → %s', async (_name, path, status) => {
    const result = await send(path, JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'hi' }] }] }));
    expect(result.status, result.text).toBe(status);
    expect(errorMessageOf('gemini', result.json)).toEqual(expect.any(String));
  });

  it('a model looked up by a name that is no valid percent-encoding is a 404, and the gateway goes on serving', async () => {
    const response = await fetch(`${t.url}/v1beta/models/%E0%A4%A`);
    expect(response.status).toBe(404);
    expect(errorMessageOf('gemini', await response.json())).toContain('%E0%A4%A');
    expect((await fetch(`${t.url}/bench/health`)).status).toBe(200);
  });
});

describe('output budgets', () => {
  it.each([
    ['/v1/chat/completions', { model: 'bench/agents', messages: [{ role: 'user', content: 'hi' }], max_completion_tokens: 0 }, 'max_completion_tokens'],
    ['/v1/messages', { model: 'bench/agents', messages: [{ role: 'user', content: 'hi' }], max_tokens: 0 }, 'max_tokens'],
    [
      '/v1beta/models/agents:generateContent',
      { contents: [{ role: 'user', parts: [{ text: 'hi' }] }], generationConfig: { maxOutputTokens: 0 } },
      'generationConfig.maxOutputTokens',
    ],
  ])('%s: a budget of 0 is a 400 naming the caller’s field, for a panel too', async (path, body, field) => {
    for (const model of ['bench/agents', 'bench/core']) {
      const result = await send(path.replace('agents', model.slice(6)), JSON.stringify(path.startsWith('/v1beta') ? body : { ...body, model }));
      expect(result.status, result.text).toBe(400);
      expect(errorMessageOf(path.startsWith('/v1beta') ? 'gemini' : path === '/v1/messages' ? 'anthropic' : 'openai-chat', JSON.parse(result.text))).toMatch(
        new RegExp(`^${field}: (0 leaves no room for an answer|Too small)`),
      );
    }
  });

  it('Ollama’s num_predict -1 or -2 (no limit) is served on a route, with no budget for a member of another protocol', async () => {
    for (const numPredict of [-1, -2]) {
      t.upstream.script('up-1', { answer: { text: 'unbounded' } });
      const routed = await send(
        '/api/chat',
        JSON.stringify({ model: 'bench/agents', stream: false, options: { num_predict: numPredict }, messages: [{ role: 'user', content: 'hi' }] }),
      );
      expect(routed.status, routed.text).toBe(200);
      const sent = t.upstream.requestsFor('up-1').at(-1)?.body as Record<string, unknown>;
      expect(sent).not.toHaveProperty('max_tokens');
      expect(sent).not.toHaveProperty('options');
    }
  });
});

describe('names that are properties of every JavaScript object', () => {
  const chat = (model: string, extra: Record<string, unknown> = {}) => JSON.stringify({ model, messages: [{ role: 'user', content: 'hi' }], ...extra });
  const gemini = JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'hi' }] }] });
  it.each([
    ['a model', '/v1/chat/completions', chat('constructor')],
    ['a collection', '/v1/chat/completions', chat('bench/__proto__')],
    ['a collection, Anthropic', '/v1/messages', JSON.stringify({ model: 'bench/hasOwnProperty', max_tokens: 10, messages: [{ role: 'user', content: 'hi' }] })],
    ['a Gemini path', '/v1beta/models/toString:generateContent', gemini],
    ['a Gemini count', '/v1beta/models/constructor:countTokens', gemini],
    ['an Anthropic count', '/v1/messages/count_tokens', JSON.stringify({ model: 'constructor', messages: [{ role: 'user', content: 'hi' }] })],
    ['an Ollama show', '/api/show', JSON.stringify({ model: 'bench/constructor' })],
    ['an Ollama chat', '/api/chat', JSON.stringify({ model: 'valueOf', messages: [{ role: 'user', content: 'hi' }] })],
  ])('%s named so is a 404, not a 500 or a 200', async (_name, path, body) => {
    const result = await send(path, body);
    expect(result.status, result.text).toBe(404);
  });

  it('a panel seat named so (bench.with) is refused, and GET /v1/models/constructor is a 404', async () => {
    const seated = await send('/v1/chat/completions', chat('bench/core', { bench: { with: ['constructor'] } }));
    expect(seated.status, seated.text).toBeGreaterThanOrEqual(400);
    expect(seated.status, seated.text).toBeLessThan(500);
    const entry = await fetch(`${t.url}/v1/models/constructor`);
    expect(entry.status).toBe(404);
  });
});

describe('a caller that leaves part way through its body', () => {
  it('gets nothing sent upstream for it, and the gateway goes on serving', async () => {
    const before = t.upstream.requests.length;
    const origin = new URL(t.url);
    const socket = connect(Number(origin.port), origin.hostname);
    await once(socket, 'connect');
    const partial = '{"model":"bench/agents","messages":[{"role":"user","content":"cut';
    socket.write(`POST /v1/chat/completions HTTP/1.1\r\nhost: ${origin.host}\r\ncontent-type: application/json\r\ncontent-length: 1000\r\n\r\n${partial}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    socket.destroy();
    t.upstream.script('up-1', { answer: { text: 'still serving' } });
    const reply = await ask(sdksFor(t.url), 'openai-chat', 'bench/agents', 'after the cut body?', false);
    expect(reply.text).toBe('still serving');
    expect(t.upstream.requests.length - before).toBe(1);
  });
});

describe('after the battery', () => {
  it('GET /bench/health answers 200 and a normal request in every protocol still works', async () => {
    const health = await fetch(`${t.url}/bench/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok' });
    const sdks = sdksFor(t.url);
    for (const protocol of SDK_PROTOCOLS) {
      t.upstream.script('up-1', { answer: { text: 'still here' } });
      expect((await ask(sdks, protocol, 'bench/agents', 'ok?', true)).text).toBe('still here');
    }
  });
});
