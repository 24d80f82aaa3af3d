import type { NeutralRequest } from '@bench/formats';
import { startFakeUpstream, type FakeUpstream } from '@bench/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../create-engine';
import type { Engine } from '../engine';

let upstream: FakeUpstream;
let engine: Engine;

beforeAll(async () => {
  upstream = await startFakeUpstream({
    models: {
      'labels-code': { answer: { text: ' Code.\n' } },
      'labels-json': { answer: { text: '{"shape": "writing"}' } },
      'labels-nonsense': { answer: { text: 'I think this is about cooking' } },
      'labels-late': { hang: true },
    },
  });
  const provider = { baseURL: upstream.baseURL('openai-chat'), api: 'openai-chat' };
  const shaper = (model: string) => ({ provider: 'chat', model, price: { input: 1, output: 1 } });
  engine = await createEngine({
    ledger: 'memory:',
    shapes: ['code', 'writing'],
    providers: { chat: provider },
    models: {
      a: { provider: 'chat', model: 'up-a' },
      code: shaper('labels-code'),
      json: shaper('labels-json'),
      nonsense: shaper('labels-nonsense'),
      late: shaper('labels-late'),
    },
    collections: {
      fixed: { members: ['a'], reply: 'route', shape: 'code' },
      plain: { members: ['a'], reply: 'route' },
      labelled: { members: ['a'], reply: 'route', shaper: 'code' },
      json: { members: ['a'], reply: 'all', shaper: 'json' },
      nonsense: { members: ['a'], reply: 'route', shaper: 'nonsense' },
      late: { members: ['a'], reply: 'route', shaper: 'late', shaperTimeoutMs: 300 },
    },
  });
});
afterAll(async () => {
  await engine.close();
  await upstream.close();
});

const ask = (text: string): NeutralRequest => ({
  model: '',
  system: [],
  messages: [{ role: 'user', content: [{ type: 'text', text }] }],
  stream: false,
  extra: {},
});
const benchOf = async (model: string, text: string) => (await engine.turn(ask(text), { model }).reply()).reply.extra?.bench as Record<string, unknown>;

describe('a turn’s shape', () => {
  it('is the collection’s own, or general by default', async () => {
    expect(await benchOf('bench/fixed', 'x')).toMatchObject({ shape: 'code', shape_by: 'collection' });
    expect(await benchOf('bench/plain', 'x')).toMatchObject({ shape: 'general', shape_by: 'default' });
    expect(await benchOf('a', 'x')).toMatchObject({ shape: 'general', shape_by: 'default' });
  });

  it('is the shaper’s label, read trimmed and case-insensitively, asked once a conversation and recorded as a shape call', async () => {
    upstream.clearRequests();
    expect(await benchOf('bench/labelled', 'fix this bug')).toMatchObject({ shape: 'code', shape_by: 'code' });
    const asked = upstream.requestsFor('labels-code');
    expect(asked).toHaveLength(1);
    expect(JSON.stringify(asked[0]!.body)).toContain('fix this bug');
    expect(JSON.stringify(asked[0]!.body)).toContain('general, code, writing');
    // The same conversation's next turn keeps the label without asking again.
    const next: NeutralRequest = {
      ...ask('fix this bug'),
      messages: [
        ...ask('fix this bug').messages,
        { role: 'assistant', content: [{ type: 'text', text: 'done' }] },
        { role: 'user', content: [{ type: 'text', text: 'thanks' }] },
      ],
    };
    const { reply } = await engine.turn(next, { model: 'bench/labelled' }).reply();
    expect(reply.extra?.bench).toMatchObject({ shape: 'code', shape_by: 'code' });
    expect(upstream.requestsFor('labels-code')).toHaveLength(1);
    await engine.ledger.flush();
    let calls = '';
    for await (const piece of engine.ledger.exportCalls({ format: 'jsonl' })) calls += piece;
    const shapeCalls = calls.split('\n').filter((line) => line.includes('"purpose":"shape"'));
    expect(shapeCalls).toEqual([expect.stringContaining('"alias":"code"')]);
    expect(shapeCalls[0]).toContain('"status":"ok"');
    expect(shapeCalls[0]).not.toContain('"cost":null'); // priced like any call
  });

  it('reads a JSON answer, and labels a panel too', async () => {
    expect(await benchOf('bench/json', 'write me a poem')).toMatchObject({ shape: 'writing', shape_by: 'json' });
  });

  it('is general when the shaper answers something not in the set, and says so in its record', async () => {
    expect(await benchOf('bench/nonsense', 'make soup')).toMatchObject({ shape: 'general', shape_by: 'nonsense' });
    await engine.ledger.flush();
    let calls = '';
    for await (const piece of engine.ledger.exportCalls({ format: 'jsonl' })) calls += piece;
    expect(calls).toContain('answered no shape of the set');
  });

  it('is general when the shaper is late: its own small timeout, and the turn still answers', async () => {
    expect(await benchOf('bench/late', 'anything')).toMatchObject({ shape: 'general', shape_by: 'late', alias: 'a' });
    await engine.ledger.flush();
    let calls = '';
    for await (const piece of engine.ledger.exportCalls({ format: 'jsonl' })) calls += piece;
    expect(calls.split('\n').find((line) => line.includes('"alias":"late"'))).toContain('"status":"timeout"');
  });
});
