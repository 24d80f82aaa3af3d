import { MAX_NOTE_BYTES } from '@bench/ledger';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEYS, startKeyedGateway } from './keyed-gateway';
import { postJSON } from './raw-requests';
import { sdksFor, type Sdks } from './sdk-clients';
import type { TestGateway } from './test-gateway';

let t: TestGateway;
let root: Sdks;

beforeAll(async () => {
  t = await startKeyedGateway();
  root = sdksFor(t.url, KEYS.root);
});
afterAll(() => t.close());

const verdict = (body: unknown, key = KEYS.root) => postJSON(`${t.url}/bench/verdict`, body, { authorization: `Bearer ${key}` });

async function routeCall(text: string): Promise<string> {
  const reply = (await root.openai.chat.completions.create({ model: 'bench/agents', messages: [{ role: 'user', content: text }] })) as any;
  return reply.bench.call;
}

const statsOf = async (alias: string) => (await t.gateway.ledger.stats()).find((row) => row.alias === alias);

describe('POST /bench/verdict', () => {
  it('a useful verdict on a route call is stored and counts for the model in ledger.stats()', async () => {
    const call = await routeCall('worth judging');
    await t.gateway.ledger.flush();
    const before = (await statsOf('m1'))?.useful ?? 0;
    const posted = await verdict({ call, useful: true, note: 'spot on' });
    expect(posted.status).toBe(200);
    expect(posted.json).toMatchObject({ object: 'bench.verdict', call, useful: true, note: 'spot on' });
    await t.gateway.ledger.flush();
    expect((await statsOf('m1'))!.useful).toBe(before + 1);
    expect((await statsOf('m1'))!.verdicts).toBeGreaterThanOrEqual(1);
  });

  it("a verdict on a panel seat's call (from bench.seats) counts for that seat's model", async () => {
    t.upstream.script('up-2', { answer: { text: 'seat two' } });
    const reply = (await root.openai.chat.completions.create({ model: 'bench/core', messages: [{ role: 'user', content: 'panel' }] })) as any;
    const seat = reply.bench.seats.find((entry: { alias: string }) => entry.alias === 'm2');
    await t.gateway.ledger.flush();
    const before = (await statsOf('m2'))?.useful ?? 0;
    expect((await verdict({ call: seat.call, useful: true })).status).toBe(200);
    await t.gateway.ledger.flush();
    expect((await statsOf('m2'))!.useful).toBe(before + 1);
  });

  it('a not-useful verdict is stored without counting as useful', async () => {
    const call = await routeCall('not worth it');
    await t.gateway.ledger.flush();
    const before = await statsOf('m1');
    expect((await verdict({ call, useful: false })).json).toMatchObject({ useful: false, note: null });
    await t.gateway.ledger.flush();
    const after = await statsOf('m1');
    expect(after!.useful).toBe(before!.useful);
    expect(after!.verdicts).toBe(before!.verdicts + 1);
  });

  it('an unknown call is a 404 in the OpenAI shape', async () => {
    const result = await verdict({ call: 'no-such-call.1', useful: true });
    expect(result.status).toBe(404);
    expect(result.json.error).toMatchObject({ type: 'not_found_error', message: expect.stringContaining('no-such-call.1') });
  });

  it.each([
    ['useful missing', { call: 'CALL' }],
    ['useful not a boolean', { call: 'CALL', useful: 'yes' }],
    ['call not a string', { call: 42, useful: true }],
    ['note not a string', { call: 'CALL', useful: true, note: 7 }],
    ['an unknown field', { call: 'CALL', useful: true, stars: 5 }],
    ['note too long', { call: 'CALL', useful: true, note: 'n'.repeat(MAX_NOTE_BYTES + 1) }],
  ])('a bad body (%s) is a 400 naming the field', async (_name, body) => {
    const call = await routeCall('bad verdicts');
    await t.gateway.ledger.flush();
    const result = await verdict(JSON.parse(JSON.stringify(body).replace('"CALL"', JSON.stringify(call))));
    expect(result.status).toBe(400);
    expect(result.json.error).toMatchObject({ type: 'invalid_request_error', message: expect.any(String) });
  });

  it('a bad JSON body is a 400', async () => {
    const result = await postJSON(`${t.url}/bench/verdict`, '{"call": ', { authorization: `Bearer ${KEYS.root}` });
    expect(result.status).toBe(400);
    expect(result.json.error.message).toMatch(/not valid JSON/);
  });

  it("a key may not judge another key's call in a collection it may not call (403); it may judge its own", async () => {
    const call = await routeCall('root only');
    await t.gateway.ledger.flush();
    const refused = await verdict({ call, useful: false }, KEYS.alice);
    expect(refused.status).toBe(403);
    expect(refused.json.error.type).toBe('permission_error');

    const alice = sdksFor(t.url, KEYS.alice);
    const own = (await alice.openai.chat.completions.create({ model: 'bench/core:route', messages: [{ role: 'user', content: 'mine' }] })) as any;
    await t.gateway.ledger.flush();
    expect((await verdict({ call: own.bench.call, useful: true }, KEYS.alice)).status).toBe(200);
  });

  it('every reply tells how to post a verdict', async () => {
    const reply = (await root.openai.chat.completions.create({ model: 'bench/agents', messages: [{ role: 'user', content: 'hint' }] })) as any;
    expect(reply.bench.verdict).toMatchObject({ post: '/bench/verdict', body: { call: reply.bench.call } });
  });
});
