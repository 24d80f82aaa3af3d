import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { postJSON } from './raw-requests';
import { useTestGateway } from './test-gateway';

// The learning loop end to end: a shaper (a testkit member answering a shape's name) labels each new conversation,
// the records per model and shape come from a SQLite ledger on disk, and the panels seat, explore and merge by the
// record on the request's shape. Every request goes through the official openai SDK.
const dir = mkdtempSync(join(tmpdir(), 'bench-learning-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const members = ['m1', 'm2', 'm3', 'm4'];
const { t, sdks } = useTestGateway({
  config: (base) => ({
    ...base,
    ledger: `sqlite:${join(dir, 'ledger.db')}`,
    shapes: ['code', 'writing'],
    models: { ...base.models, labeller: { provider: 'chat', model: 'up-shaper', contextWindow: 100000 } },
    collections: {
      ...base.collections,
      // One seat for the best record on the shape, one for an explorer.
      lab: { members, reply: 'all', maxCalls: 2, maxExplorers: 1, shaper: 'labeller', timeouts: base.defaults.timeouts },
      desk: { members, reply: 'merged', merger: '', shaper: 'labeller', timeouts: base.defaults.timeouts },
    },
  }),
});

interface Seat {
  alias: string;
  call: string;
  explorer?: true;
}

/** A new conversation, labelled `shape` by the shaper. */
async function ask(model: string, shape: string, text: string): Promise<Record<string, any>> {
  t().upstream.script('up-shaper', { answer: { text: shape } });
  const reply = (await sdks().openai.chat.completions.create({ model, messages: [{ role: 'user', content: text }] })) as any;
  expect(reply.bench).toMatchObject({ shape, shape_by: 'labeller' });
  return reply.bench;
}

const seated = (bench: Record<string, any>) => (bench.seats as Seat[]).map((seat) => seat.alias);
const explorers = (bench: Record<string, any>) => (bench.seats as Seat[]).filter((seat) => seat.explorer).map((seat) => seat.alias);

/** A verdict on every seat: useful for the aliases named. */
async function judge(bench: Record<string, any>, useful: string[]): Promise<void> {
  for (const seat of bench.seats as Seat[]) {
    const posted = await postJSON(`${t().url}/bench/verdict`, { call: seat.call, useful: useful.includes(seat.alias) });
    expect(posted.status).toBe(200);
  }
}

describe('the learning loop per shape, through the gateway', () => {
  it('seats explorers with the least record on the request shape, and the best record on it, as verdicts arrive', async () => {
    // No records: the first member holds the record seat, the next (never used) explores.
    const code1 = await ask('bench/lab', 'code', 'refactor this parser');
    expect(seated(code1)).toEqual(['m1', 'm2']);
    expect(explorers(code1)).toEqual(['m2']);
    await judge(code1, ['m2']); // the explorer's answer was the useful one

    // Nobody has a record on writing: the whole records decide there, where m2 is the best; m3 and m4 have none.
    const writing1 = await ask('bench/lab', 'writing', 'a short poem about rain');
    expect(seated(writing1)).toEqual(['m2', 'm3']);
    expect(explorers(writing1)).toEqual(['m3']);
    await judge(writing1, ['m3']);

    // On code, m2 has the best record; m4 has none at all: it explores.
    const code2 = await ask('bench/lab', 'code', 'fix this off-by-one');
    expect(seated(code2)).toEqual(['m2', 'm4']);
    expect(explorers(code2)).toEqual(['m4']);
    await judge(code2, ['m2']);

    // On writing, m3 has the best record; m1, m2 and m4 one call each, and m1's is the oldest: it explores.
    const writing2 = await ask('bench/lab', 'writing', 'an opening line for a novel');
    expect(seated(writing2)).toEqual(['m1', 'm3']);
    expect(explorers(writing2)).toEqual(['m1']);
    await judge(writing2, []);

    // From here the record on the shape and the whole record disagree. On code m1 and m4 have one call each and
    // m1's is the older (m3 has none there but two overall): m1 explores; by the whole records it would be m4.
    const code3 = await ask('bench/lab', 'code', 'add a test for the lexer');
    expect(seated(code3)).toEqual(['m1', 'm2']);
    expect(explorers(code3)).toEqual(['m1']);
    await judge(code3, ['m2']);

    // On writing m1, m2 and m4 (none there, one call overall) have one call each, m2's the oldest: m2 explores;
    // by the whole records m4 would (one call, against three and four).
    const writing3 = await ask('bench/lab', 'writing', 'a limerick about a cat');
    expect(seated(writing3)).toEqual(['m2', 'm3']);
    expect(explorers(writing3)).toEqual(['m2']);
    await judge(writing3, ['m3']);

    const shown = await fetch(`${t().url}/bench/records?collection=lab`);
    const lab = ((await shown.json()) as any).collections[0];
    const record = (alias: string) => lab.members.find((member: { alias: string }) => member.alias === alias);
    expect(record('m2').shapes.code).toMatchObject({ calls: 3, useful: 3, notUseful: 0 });
    expect(record('m3').shapes.writing).toMatchObject({ calls: 3, useful: 2, notUseful: 1 });
    expect(record('m3').shapes.code).toBeUndefined();
    expect(lab.shapeBy).toEqual({ shaper: 'labeller' });
  });

  it('an empty merger is the member with the best record on the request shape: one on code, another on writing', async () => {
    // m2 has the most useful verdicts overall (3 against m3's 2), but m3 the most on writing.
    const code = await ask('bench/desk', 'code', 'write a tokenizer');
    expect(seated(code)).toEqual(members);
    expect(code.merger).toMatchObject({ alias: 'm2', status: 'ok' });
    const writing = await ask('bench/desk', 'writing', 'a haiku about autumn');
    expect(writing.merger).toMatchObject({ alias: 'm3', status: 'ok' });
    // The shaper was asked once for each new conversation, and each of its calls is in the ledger.
    expect(t().upstream.requestsFor('up-shaper')).toHaveLength(8);
    await t().gateway.ledger.flush();
    expect((await t().gateway.ledger.stats()).find((row) => row.alias === 'labeller')).toMatchObject({ calls: 8, failures: 0 });
  });
});
