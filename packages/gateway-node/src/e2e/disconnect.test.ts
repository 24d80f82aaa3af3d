import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { minimalRequest } from './raw-requests';
import { startTestGateway, type TestGateway } from './test-gateway';

let t: TestGateway;

beforeAll(async () => {
  t = await startTestGateway();
});
afterAll(() => t.close());

const slowAnswer = { answer: { text: Array.from({ length: 50 }, (_, i) => `word${i} `) }, pieceDelayMs: 50 };

/** Starts a streamed request, reads until some bytes arrived, then goes away. */
async function streamThenLeave(path: string, body: unknown): Promise<Headers> {
  const controller = new AbortController();
  const response = await fetch(t.url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: controller.signal,
  });
  expect(response.status).toBe(200);
  const reader = response.body!.getReader();
  let seen = '';
  while (!seen.includes('word1')) {
    const { value, done } = await reader.read();
    if (done) throw new Error('the stream ended before the caller left');
    seen += new TextDecoder().decode(value);
  }
  controller.abort();
  await reader.cancel().catch(() => undefined);
  return response.headers;
}

async function eventually(check: () => Promise<boolean> | boolean): Promise<void> {
  for (let i = 0; i < 100; i += 1) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('condition not met');
}

describe('a caller that disconnects', () => {
  it('aborts the route upstream, and the call is still written to the ledger as aborted', async () => {
    t.upstream.script('up-1', slowAnswer);
    const { path, body } = minimalRequest('anthropic', 'bench/agents', 'leave early', true);
    const headers = await streamThenLeave(path, body);
    await t.upstream.settled();
    const upstreamRequest = t.upstream.requestsFor('up-1').at(-1)!;
    expect(upstreamRequest.closedByCaller).toBe(true);
    expect(upstreamRequest.ended).toBe(false);
    const conversation = headers.get('x-bench-conversation')!;
    await eventually(async () => {
      await t.gateway.ledger.flush();
      return (await t.gateway.ledger.getTurns(conversation)).length > 0;
    });
    const [turn] = await t.gateway.ledger.getTurns(conversation);
    expect(await t.gateway.ledger.getCall(turn!.call!)).toMatchObject({ alias: 'm1', status: 'aborted', collection: 'agents' });
  });

  it('aborts every panel seat, and the seats are still written to the ledger', async () => {
    for (const model of ['up-1', 'up-2', 'up-3']) t.upstream.script(model, slowAnswer);
    t.upstream.clearRequests();
    const controller = new AbortController();
    const response = await fetch(`${t.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'bench/core', stream: true, messages: [{ role: 'user', content: 'panel, leave early' }] }),
      signal: controller.signal,
    });
    expect(response.status).toBe(200);
    const panel = response.headers.get('x-bench-panel')!;
    await eventually(() => t.upstream.requests.length === 3);
    controller.abort();
    await t.upstream.settled();
    for (const model of ['up-1', 'up-2', 'up-3']) expect(t.upstream.requestsFor(model).at(-1)!.closedByCaller, model).toBe(true);
    for (const [seat, alias] of [
      [1, 'm1'],
      [2, 'm2'],
      [3, 'm3'],
    ] as const) {
      await eventually(async () => {
        await t.gateway.ledger.flush();
        return Boolean(await t.gateway.ledger.getCall(`${panel}.${seat}`));
      });
      expect(await t.gateway.ledger.getCall(`${panel}.${seat}`)).toMatchObject({ alias, purpose: 'seat', status: 'aborted' });
    }
  });

  it('a streamed caller that leaves before the first piece (the 200 still held) aborts the member, and no other member is asked', async () => {
    t.upstream.script('up-1', { answer: { text: 'too late' }, firstPieceDelayMs: 800 });
    t.upstream.clearRequests();
    const controller = new AbortController();
    const { path, body } = minimalRequest('anthropic', 'bench/agents', 'leave while held', true);
    const pending = fetch(t.url + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: controller.signal,
    });
    await eventually(() => t.upstream.requestsFor('up-1').length === 1);
    controller.abort();
    await expect(pending).rejects.toThrow();
    await t.upstream.settled();
    expect(t.upstream.requestsFor('up-1')[0]!.closedByCaller).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(t.upstream.requestsFor('up-2')).toHaveLength(0);
    expect(t.upstream.requestsFor('up-3')).toHaveLength(0);
  });

  it('a non-streamed panel caller that leaves aborts every seat', async () => {
    for (const model of ['up-1', 'up-2', 'up-3']) t.upstream.script(model, { answer: { text: 'late seat' }, firstPieceDelayMs: 1500 });
    t.upstream.clearRequests();
    const controller = new AbortController();
    const { path, body } = minimalRequest('gemini', 'bench/core', 'panel, leave before the answer', false);
    const pending = fetch(t.url + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: controller.signal,
    });
    await eventually(() => t.upstream.requests.length === 3);
    controller.abort();
    await expect(pending).rejects.toThrow();
    await t.upstream.settled();
    for (const model of ['up-1', 'up-2', 'up-3']) expect(t.upstream.requestsFor(model)[0]!.closedByCaller, model).toBe(true);
  });

  it('a non-streamed caller that leaves while the member is thinking aborts the upstream too', async () => {
    t.upstream.script('up-1', { answer: { text: 'late' }, firstPieceDelayMs: 1500 });
    t.upstream.clearRequests();
    await t.gateway.ledger.flush();
    const m1 = async () => (await t.gateway.ledger.stats()).find((row) => row.alias === 'm1')!;
    const before = await m1();
    const controller = new AbortController();
    const { path, body } = minimalRequest('openai-chat', 'bench/agents', 'leave before the answer', false);
    const pending = fetch(t.url + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: controller.signal,
    });
    await eventually(() => t.upstream.requestsFor('up-1').length === 1);
    controller.abort();
    await expect(pending).rejects.toThrow();
    await t.upstream.settled();
    expect(t.upstream.requestsFor('up-1')[0]!.closedByCaller).toBe(true);
    expect(t.upstream.requestsFor('up-2')).toHaveLength(0);
    // Written as a call that is neither ok nor a failure: aborted.
    await eventually(async () => {
      await t.gateway.ledger.flush();
      return (await m1()).calls === before.calls + 1;
    });
    expect((await m1()).failures).toBe(before.failures);
  });
});
