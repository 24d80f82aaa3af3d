import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEYS, startKeyedGateway } from './keyed-gateway';
import { minimalRequest, postJSON } from './raw-requests';
import type { TestGateway } from './test-gateway';

let t: TestGateway;

beforeAll(async () => {
  t = await startKeyedGateway({
    captureLog: true,
    config: (base) => ({
      ...base,
      collections: {
        ...base.collections,
        slow: { members: ['m1'], reply: 'route', timeouts: { firstTokenMs: 3000, idleMs: 2000, totalMs: 8000, graceMs: 50 } },
      },
    }),
  });
});
afterAll(() => t.close());

const PROMPT = 'SECRET-PROMPT-do-not-log-7f3a';
const requestLines = () => t.logLines.filter((line) => line.msg === 'request');

async function eventually(check: () => boolean): Promise<void> {
  for (let i = 0; i < 100 && !check(); i += 1) await new Promise((resolve) => setTimeout(resolve, 10));
}

describe('access log', () => {
  it('one line per request: route, status, key name, collection, model, seconds; never the key, the query string or the prompt', async () => {
    t.logLines.length = 0;
    const route = minimalRequest('openai-chat', 'bench/agents', PROMPT, false);
    expect((await postJSON(`${t.url}${route.path}?key=${KEYS.root}&trace=1`, route.body)).status).toBe(200);
    const streamed = minimalRequest('anthropic', 'bench/core', PROMPT, true);
    expect((await postJSON(t.url + streamed.path, streamed.body, { 'x-api-key': KEYS.alice })).status).toBe(200);
    const gemini = minimalRequest('gemini', 'bench/core:route', PROMPT, false);
    expect((await postJSON(`${t.url}${gemini.path}?key=${KEYS.alice}`, gemini.body)).status).toBe(200);
    expect((await postJSON(t.url + route.path, route.body, { authorization: 'Bearer wrong-key-123' })).status).toBe(401);
    expect((await postJSON(t.url + route.path, { ...route.body, model: 'bench/agents' }, { authorization: `Bearer ${KEYS.alice}` })).status).toBe(403);
    expect((await fetch(`${t.url}/bench/health`)).status).toBe(200);
    await eventually(() => requestLines().length >= 6);

    const lines = requestLines();
    expect(lines).toHaveLength(6);
    expect(lines[0]).toMatchObject({
      method: 'POST',
      route: '/v1/chat/completions',
      status: 200,
      key: 'root',
      collection: 'agents',
      reply: 'route',
      model: 'm1',
      cost: expect.any(Number),
      seconds: expect.any(Number),
    });
    expect(lines[0]!.cost).toBeGreaterThan(0); // m1 has a price; m2 and m3 (the panel's other seats) have none: no panel sum
    expect(lines[1]!.cost).toBeUndefined();
    expect(lines[1]).toMatchObject({
      route: '/v1/messages',
      status: 200,
      key: 'alice',
      collection: 'core',
      reply: 'all',
      model: 'bench/core',
      seconds: expect.any(Number),
    });
    expect(lines[2]).toMatchObject({ route: '/v1beta/models/core:route:generateContent', status: 200, key: 'alice', collection: 'core', reply: 'route' });
    expect(lines[3]).toMatchObject({ route: '/v1/chat/completions', status: 401, seconds: expect.any(Number) });
    expect(lines[3]!.key).toBeUndefined();
    expect(lines[4]).toMatchObject({ status: 403, key: 'alice', model: 'bench/agents' });
    expect(lines[5]).toMatchObject({ route: '/bench/health', status: 200 });

    const everything = JSON.stringify(t.logLines);
    for (const secret of [KEYS.root, KEYS.alice, 'wrong-key-123', PROMPT, 'trace=1', '?key=']) expect(everything).not.toContain(secret);
  });

  it('the member that answered is the logged model, also when it answered after the grace period', async () => {
    t.logLines.length = 0;
    t.upstream.script('up-1', { answer: { text: 'late' }, firstPieceDelayMs: 300 });
    const streamed = minimalRequest('openai-chat', 'bench/slow', PROMPT, true);
    const result = await postJSON(t.url + streamed.path, streamed.body, { authorization: `Bearer ${KEYS.root}` });
    expect(result.text).toContain('late');
    await eventually(() => requestLines().length >= 1);
    expect(requestLines()).toEqual([expect.objectContaining({ status: 200, collection: 'slow', reply: 'route', model: 'm1' })]);
  });

  it('a caller that leaves while its answer comes is no server error: one request line, no error line', async () => {
    t.logLines.length = 0;
    t.upstream.script('up-1', { answer: { text: ['begun ', 'and ', 'left'] }, pieceDelayMs: 300 });
    const route = minimalRequest('openai-chat', 'bench/slow', PROMPT, false);
    const leaving = new AbortController();
    const asked = t.upstream.requestsFor('up-1').length;
    const sent = fetch(t.url + route.path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${KEYS.root}` },
      body: JSON.stringify(route.body),
      signal: leaving.signal,
    });
    await eventually(() => t.upstream.requestsFor('up-1').length > asked);
    await new Promise((resolve) => setTimeout(resolve, 150)); // its first piece is in, the rest is slow to come
    leaving.abort();
    await expect(sent).rejects.toThrow();
    await eventually(() => requestLines().length >= 1);
    expect(requestLines()).toHaveLength(1);
    expect(t.logLines.filter((line) => line.msg === 'server error')).toEqual([]);
  });

  it('a streamed request is logged once, when it ends, with its final status', async () => {
    t.logLines.length = 0;
    t.upstream.script('up-1', { answer: { text: ['a ', 'b ', 'c'] }, pieceDelayMs: 20 });
    const streamed = minimalRequest('ollama', 'bench/agents', PROMPT, true);
    const result = await postJSON(t.url + streamed.path, streamed.body, { authorization: `Bearer ${KEYS.root}` });
    expect(result.text).toContain('"done":true');
    await eventually(() => requestLines().length >= 1);
    expect(requestLines()).toEqual([expect.objectContaining({ route: '/api/chat', status: 200, key: 'root', collection: 'agents', model: 'm1' })]);
  });
});
