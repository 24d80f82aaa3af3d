import { describe, expect, it } from 'vitest';
import { postJSON } from './raw-requests';
import { useTestGateway } from './test-gateway';

// Records per shape, read by every choice and shown by GET /bench/records: a verdict moves the next new conversation.
const { t, sdks } = useTestGateway({
  config: (base) => ({
    ...base,
    shapes: ['code', 'writing'],
    collections: {
      ...base.collections,
      coded: { members: ['m1', 'm2'], reply: 'route', shape: 'code', rotate: 0, timeouts: base.defaults.timeouts, retry: { serverErrorRetries: 0 } },
      written: { members: ['m1', 'm2'], reply: 'route', shape: 'writing', rotate: 0, timeouts: base.defaults.timeouts },
    },
  }),
});

const ask = async (model: string, text: string) => (await sdks().openai.chat.completions.create({ model, messages: [{ role: 'user', content: text }] })) as any;
const records = async (query = '') => {
  const response = await fetch(`${t().url}/bench/records${query}`);
  return { status: response.status, json: (await response.json()) as any };
};

describe('records per shape', () => {
  it('a turn says its shape; a useful verdict on the shape puts that member first for the next new conversation on it, and where a shape has no record, the whole record decides', async () => {
    // m1 fails this turn, so m2 answers it: a call on "code" that a person then judges useful.
    t().upstream.script('up-1', [{ error: { status: 503 } }, {}]);
    const first = await ask('bench/coded', 'refactor this function');
    expect(first.bench).toMatchObject({ alias: 'm2', shape: 'code', shape_by: 'collection', failed_over: [{ alias: 'm1' }] });
    await t().gateway.ledger.flush();
    expect((await postJSON(`${t().url}/bench/verdict`, { call: first.bench.call, useful: true })).status).toBe(200);

    // At once, on this gateway: the next new conversation on code goes to m2, with m1 healthy again.
    const next = await ask('bench/coded', 'a different task: write a parser');
    expect(next.bench).toMatchObject({ alias: 'm2', shape: 'code' });
    // Nobody has a record on writing: the whole records decide there, and m2's is the better.
    const written = await ask('bench/written', 'a short poem');
    expect(written.bench).toMatchObject({ alias: 'm2', shape: 'writing', shape_by: 'collection' });

    const shown = await records('?collection=coded');
    expect(shown.status).toBe(200);
    expect(shown.json.shapes).toEqual(['general', 'code', 'writing']);
    const coded = shown.json.collections[0];
    expect(coded).toMatchObject({ name: 'coded', reply: 'route', order: 'record', shapeBy: { shape: 'code' } });
    const m2 = coded.members.find((member: { alias: string }) => member.alias === 'm2');
    expect(m2.shapes.code).toMatchObject({ useful: 1 });
    expect(coded.next.code.ranking[0]).toMatchObject({ alias: 'm2', record: 'shape', useful: 1 });
    expect(coded.next.code.ranking[0].why).toMatch(/code/);
    expect(coded.next.writing.ranking[0]).toMatchObject({ alias: 'm2', record: 'whole' }); // no record on writing: the whole one
  });

  it('lists every collection the key may call, and refuses an unknown shape or collection, naming the field', async () => {
    const all = await records();
    expect(all.json.collections.map((collection: { name: string }) => collection.name)).toEqual(expect.arrayContaining(['core', 'agents', 'coded', 'written']));
    const badShape = await records('?shape=poetry');
    expect(badShape.status).toBe(400);
    expect(badShape.json.error).toMatchObject({ param: 'shape', message: expect.stringContaining('unknown shape "poetry"') });
    const badCollection = await records('?collection=nope');
    expect(badCollection.status).toBe(404);
    expect(badCollection.json.error).toMatchObject({ param: 'collection' });
  });
});
