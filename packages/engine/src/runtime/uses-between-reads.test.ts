import { startFakeUpstream, type FakeUpstream } from '@bench/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../create-engine';
import type { Engine } from '../engine';
import { ask } from '../shadows/shadow-test-setup';

// The records are read from the ledger at most once a second. The choices made in between must still see the uses
// made in between, or rotation and explorers pick the same member for a whole second. The engine's clock moves by
// hand here, well within that second, so no read of the ledger comes between the turns.
let upstream: FakeUpstream;
let engine: Engine;
let clock = 1_900_000_000_000; // later than anything the ledger wrote
beforeAll(async () => {
  upstream = await startFakeUpstream();
  const model = (id: string) => ({ provider: 'chat', model: id });
  engine = await createEngine(
    {
      ledger: 'memory:',
      shapes: ['code'],
      providers: { chat: { baseURL: upstream.baseURL('openai-chat'), api: 'openai-chat' } },
      models: { m1: model('up-1'), m2: model('up-2'), m3: model('up-3'), m4: model('up-4') },
      collections: {
        lab: { members: ['m1', 'm2', 'm3', 'm4'], reply: 'all', maxCalls: 2, maxExplorers: 1, shape: 'code' },
        agents: { members: ['m1', 'm2', 'm3'], reply: 'route', shape: 'code', rotate: 1 },
      },
    },
    { now: () => clock },
  );
});
afterAll(async () => {
  await engine.close();
  await upstream.close();
});

const benchOf = async (model: string, text: string) => {
  clock += 10;
  return (await engine.turn(ask(text, { stream: false }), { model }).reply()).reply.extra?.bench as Record<string, any>;
};

describe('uses between two reads of the records', () => {
  it("a panel's explorer seat moves on to the next least recorded member at the next panel", async () => {
    const explorers: string[] = [];
    for (const text of ['one', 'two', 'three']) {
      const bench = await benchOf('bench/lab', `explore ${text}`);
      explorers.push(...bench.seats.filter((seat: { explorer?: true }) => seat.explorer).map((seat: { alias: string }) => seat.alias));
    }
    expect(explorers).toEqual(['m2', 'm3', 'm4']);
  });

  it('rotation on a shape with records moves on to the next least recently used member at the next new conversation', async () => {
    // Every member gets a record on code, used before these turns; the verdict makes the engine read them.
    for (const alias of ['m1', 'm2', 'm3']) engine.ledger.recordCall({ id: `seed-${alias}.1`, purpose: 'route', alias, status: 'ok', shape: 'code' });
    await engine.verdict({ call: 'seed-m1.1', useful: false });
    expect((await engine.records()).find((collection) => collection.name === 'agents')!.members.map((member) => Object.keys(member.shapes))).toEqual([
      ['code'],
      ['code'],
      ['code'],
    ]);
    const first = await benchOf('bench/agents', 'rotate one');
    const second = await benchOf('bench/agents', 'rotate two');
    const third = await benchOf('bench/agents', 'rotate three');
    expect(new Set([first.alias, second.alias, third.alias]).size).toBe(3);
  });
});
