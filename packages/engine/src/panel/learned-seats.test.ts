import { seededRandom, startFakeUpstream, type FakeUpstream } from '@bench/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../create-engine';
import type { Engine } from '../engine';
import { ask, sqliteOnDisk } from '../shadows/shadow-test-setup';

// A panel with more members than maxCalls and `order: "learned"`, over a SQLite ledger on disk: the seats are drawn
// from each member's verdicts on the shape, so as verdicts arrive the member whose answers are useful sits more often.
let upstream: FakeUpstream;
let engine: Engine;
const ledger = sqliteOnDisk();

beforeAll(async () => {
  upstream = await startFakeUpstream();
  const model = (id: string) => ({ provider: 'chat', model: id });
  engine = await createEngine(
    {
      ledger: ledger.url,
      shapes: ['code'],
      providers: { chat: { baseURL: upstream.baseURL('openai-chat'), api: 'openai-chat' } },
      models: { a: model('up-a'), b: model('up-b'), c: model('up-c') },
      collections: { core: { members: ['a', 'b', 'c'], reply: 'all', maxCalls: 1, order: 'learned', shape: 'code' } },
    },
    { random: seededRandom(11) },
  );
});
afterAll(async () => {
  await engine.close();
  await upstream.close();
  ledger.remove();
});

describe('a learned panel', () => {
  it('seats the member whose verdicts are useful more often as verdicts arrive', async () => {
    const seated: string[] = [];
    const turn = async (i: number, usefulAlias: string) => {
      const { reply } = await engine.turn(ask(`task ${i}`, { stream: false }), { model: 'bench/core' }).reply();
      const bench = reply.extra?.bench as { shape: string; seats: Array<{ alias: string; call: string; explorer?: true }> };
      expect(bench.shape).toBe('code');
      expect(bench.seats).toHaveLength(1);
      expect(bench.seats[0]!.explorer).toBeUndefined(); // learned order explores by its draws, with no explorer seats
      seated.push(bench.seats[0]!.alias);
      await engine.verdict({ call: bench.seats[0]!.call, useful: bench.seats[0]!.alias === usefulAlias });
    };
    // First a's answers are the useful ones, then b's.
    for (let i = 0; i < 15; i += 1) await turn(i, 'a');
    for (let i = 15; i < 60; i += 1) await turn(i, 'b');
    const share = (alias: string, from: number, to: number) => seated.slice(from, to).filter((seat) => seat === alias).length / (to - from);
    expect(share('a', 5, 15)).toBeGreaterThanOrEqual(0.8);
    expect(share('b', 0, 15)).toBeLessThanOrEqual(0.2);
    expect(share('b', 45, 60)).toBeGreaterThanOrEqual(0.9);
    const [core] = await engine.records();
    const b = core!.members.find((m) => m.alias === 'b')!;
    expect(b.shapes.code).toMatchObject({ useful: seated.slice(15).filter((seat) => seat === 'b').length });
  });
});
