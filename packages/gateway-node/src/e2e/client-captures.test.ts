import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEYS, startKeyedGateway } from './keyed-gateway';
import { sseData } from './sdk-clients';
import type { TestGateway } from './test-gateway';

/** Copies of the captures in /work/shared/clients (what Claude Code, Codex, opencode and Gemini CLI really send). */
const CAPTURES = fileURLToPath(new URL('./__fixtures__/clients', import.meta.url));

interface Capture {
  client: string;
  scenario: string;
  protocol: string;
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  body: unknown;
}

/** Text of exactly `length` characters, recognisable by its length. */
const fill = (length: number) => `<${length}>${'lorem ipsum '.repeat(Math.ceil(length / 12) + 1)}`.slice(0, length);

/** JSON text of exactly `length` characters (tool-call arguments were JSON before the capture hid them). */
const fillJSON = (length: number) => `{"p":"${'a'.repeat(Math.max(0, length - 8))}"}`;

/** The capture with its placeholders filled: `<text, N chars>` → N characters, `<secret>` → the key, `<uuid>`, `<k more items>` → k copies of the item before. */
function fillPlaceholders(value: unknown, key: string, session: string, field = ''): unknown {
  if (typeof value === 'string') {
    const text = /^<text, (\d+) chars>$/.exec(value);
    if (text) return field === 'arguments' ? fillJSON(Number(text[1])) : fill(Number(text[1]));
    if (value === '<uuid>') return session;
    if (value === '<secret>') return key;
    return value;
  }
  if (Array.isArray(value)) {
    const out: unknown[] = [];
    for (const item of value) {
      const more = typeof item === 'string' ? /^<(\d+) more items>$/.exec(item) : null;
      const previous = out.at(-1) as Record<string, unknown> | undefined;
      if (more && previous) {
        for (let k = 1; k <= Number(more[1]); k += 1)
          out.push({ ...previous, ...(typeof previous.name === 'string' ? { name: `${previous.name}_${k}` } : {}) });
      } else out.push(fillPlaceholders(item, key, session));
    }
    return out;
  }
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([name, inner]) => [name, fillPlaceholders(inner, key, session, name)]));
  }
  return value;
}

function loadCaptures(): Array<{ file: string; capture: Capture }> {
  return readdirSync(CAPTURES)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => ({ file, capture: JSON.parse(readFileSync(`${CAPTURES}/${file}`, 'utf8')) as Capture }));
}

let t: TestGateway;

beforeAll(async () => {
  t = await startKeyedGateway({
    config: (base) => ({
      ...base,
      aliases: { 'claude-*': 'bench/agents:route', 'gpt-5.4*': 'bench/agents:route', 'gemini-*': 'bench/agents:route', 'gateway-model': 'bench/agents:route' },
    }),
  });
});
afterAll(() => t.close());

async function replay(capture: Capture): Promise<{ status: number; headers: Headers; text: string }> {
  const session = randomUUID();
  const headers = fillPlaceholders(capture.headers, KEYS.root, session) as Record<string, string>;
  if (headers.authorization) headers.authorization = `Bearer ${KEYS.root}`;
  delete headers['accept-encoding']; // fetch decodes what it negotiates itself
  const query = new URLSearchParams(capture.query).toString();
  const body = capture.body === null ? undefined : JSON.stringify(fillPlaceholders(capture.body, KEYS.root, session));
  const response = await fetch(`${t.url}${capture.path}${query ? `?${query}` : ''}`, { method: capture.method, headers, ...(body ? { body } : {}) });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

/** `bench` where DESIGN puts it on a stream's last data event, per protocol. */
function streamBench(protocol: string, text: string): Record<string, unknown> | undefined {
  const events = sseData(text) as Array<Record<string, any>>;
  const last = events.at(-1);
  if (protocol === 'openai-responses') return events.find((event) => event.type === 'response.completed')?.response?.bench;
  return last?.bench;
}

const captures = loadCaptures();
const posts = captures.filter(({ capture }) => capture.method === 'POST');

describe('real agent requests, replayed', () => {
  it('every capture was loaded', () => {
    expect(captures.length).toBeGreaterThanOrEqual(30);
  });

  it.each(captures.filter(({ capture }) => capture.method === 'HEAD').map(({ file }) => file))(
    "%s: Claude Code's HEAD / probe is a 200 with an empty body, without a key",
    async (file) => {
      const capture = captures.find((entry) => entry.file === file)!.capture;
      const response = await fetch(t.url + capture.path, { method: 'HEAD', headers: { 'user-agent': capture.headers['user-agent']! } });
      expect(response.status).toBe(200);
      expect(await response.text()).toBe('');
    },
  );

  it.each(posts.map(({ file, capture }) => ({ file, client: capture.client, scenario: capture.scenario, capture })))(
    '$file ($client, $scenario) is served, streamed, with bench on the last event',
    async ({ capture }) => {
      t.upstream.script('up-1', { answer: { text: ['replayed-', 'answer'] } });
      const before = t.upstream.requestsFor('up-1').length;
      const response = await replay(capture);
      expect(response.status, response.text.slice(0, 500)).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/text\/event-stream|application\/json/);
      expect(response.headers.get('x-bench-model')).toBe('m1');
      expect(t.upstream.requestsFor('up-1').length).toBe(before + 1);
      const upstreamRequest = t.upstream.requestsFor('up-1').at(-1)!;
      expect(upstreamRequest.parseError).toBeUndefined();
      if (response.headers.get('content-type')!.includes('event-stream')) {
        const events = sseData(response.text);
        const text = JSON.stringify(events);
        expect(text).toContain('replayed-');
        expect(text).toContain('answer');
        expect(streamBench(capture.protocol, response.text)).toMatchObject({ reply: 'route', alias: 'm1', collection: 'agents' });
      } else {
        const json = JSON.parse(response.text);
        expect(JSON.stringify(json)).toContain('replayed-answer');
        expect(json.bench).toMatchObject({ reply: 'route', alias: 'm1' });
      }
    },
  );

  it('Claude Code\'s role:"system" message inside messages, and its system blocks, reach the upstream', async () => {
    const capture = captures.find(({ file }) => file === 'claude-code-2.json')!.capture;
    t.upstream.script('up-1', { answer: { text: 'hi' } });
    expect((await replay(capture)).status).toBe(200);
    const sent = JSON.stringify(t.upstream.requestsFor('up-1').at(-1)!.body);
    expect(sent).toContain(fill(6062)); // the role:"system" message
    expect(sent).toContain(fill(74)); // the first system block
    expect(sent).toContain('say hi');
  });

  it("Codex's WebSocket upgrade on GET /v1/responses is refused at once, then its POST is served", async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const upgrade = request(`${t.url}/v1/responses`, {
        headers: {
          authorization: `Bearer ${KEYS.root}`,
          connection: 'Upgrade',
          upgrade: 'websocket',
          'sec-websocket-version': '13',
          'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
        },
      });
      upgrade.on('response', (response) => {
        response.resume();
        resolve(response.statusCode!);
      });
      upgrade.on('upgrade', () => reject(new Error('the gateway accepted a WebSocket')));
      upgrade.on('error', reject);
      upgrade.end();
    });
    expect(status).toBe(426);
    const plain = captures.find(({ file }) => file === 'codex-4.json')!.capture;
    const get = await replay(plain);
    expect(get.status).toBe(405);
    expect(JSON.parse(get.text).error.message).toMatch(/POST \/v1\/responses/);
    t.upstream.script('up-1', { answer: { text: 'codex served' } });
    const post = await replay(captures.find(({ file }) => file === 'codex-5.json')!.capture);
    expect(post.status).toBe(200);
    expect(post.text).toContain('codex served');
  });
});
