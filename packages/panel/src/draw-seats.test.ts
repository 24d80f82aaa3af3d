import { seededRandom } from '@bench/contracts';
import { describe, expect, it } from 'vitest';
import { PanelInputError } from './errors/panel-input-error';
import type { PanelCollection, PanelMember } from './panel-member';
import type { PanelRecord } from './panel-record';
import { seatMembers } from './seat-members';
import { ask, collection, thrown } from './test-helpers';

const member = (alias: string, more: Partial<PanelMember> = {}): PanelMember => ({
  alias,
  target: { alias, api: 'openai-chat', baseURL: 'http://127.0.0.1:9/v1', model: alias },
  ...more,
});
const models = { a: member('a'), b: member('b'), c: member('c'), d: member('d'), old: member('old', { retired: { at: '2026-01-01', why: 'replaced' } }) };
const learned = (members: string[], more: Partial<PanelCollection> = {}) => collection(members, { order: 'learned', ...more });

describe('seatMembers with order learned', () => {
  it('seats the member whose verdicts are useful more often as verdicts arrive on the shape', () => {
    // Hidden chance of a useful answer on code; one verdict on every seat of every panel.
    const usefulness: Record<string, number> = { a: 0.3, b: 0.8, c: 0.4, d: 0.2 };
    const records = new Map<string, PanelRecord>();
    const random = seededRandom(21);
    const judge = seededRandom(7);
    const seatedB: boolean[] = [];
    for (let panel = 0; panel < 300; panel += 1) {
      const seating = seatMembers({ collection: learned(['a', 'b', 'c', 'd'], { maxCalls: 1 }), models, request: ask(), records, shape: 'code', random });
      expect(seating.seats).toHaveLength(1);
      expect(seating.explorers).toEqual([]);
      const alias = seating.seats[0]!.alias;
      seatedB.push(alias === 'b');
      const useful = judge() < usefulness[alias]!;
      const own = records.get(alias)?.shapes?.code ?? { calls: 0, useful: 0, notUseful: 0, failures: 0 };
      const code = { ...own, calls: own.calls + 1, useful: own.useful + (useful ? 1 : 0), notUseful: own.notUseful + (useful ? 0 : 1) };
      records.set(alias, { useful: code.useful, notUseful: code.notUseful, calls: code.calls, shapes: { code } });
    }
    const share = (from: number, to: number) => seatedB.slice(from, to).filter(Boolean).length / (to - from);
    // With no verdicts every member draws from Beta(1, 1): b sits in about a quarter of the first panels, then in nearly all.
    expect(share(0, 10)).toBeLessThanOrEqual(0.5);
    expect(share(200, 300)).toBeGreaterThan(0.9);
  });

  it('reads the record on the request shape, else the whole record: another shape seats another member', () => {
    const shape = (useful: number, notUseful: number) => ({ calls: useful + notUseful, useful, notUseful, failures: 0 });
    const records: Record<string, PanelRecord> = {
      a: { useful: 40, notUseful: 40, calls: 80, shapes: { code: shape(40, 0), writing: shape(0, 40) } },
      b: { useful: 40, notUseful: 40, calls: 80, shapes: { code: shape(0, 40), writing: shape(40, 0) } },
      c: { useful: 0, notUseful: 80, calls: 80 },
    };
    const seatOn = (name: string) =>
      seatMembers({ collection: learned(['a', 'b', 'c'], { maxCalls: 1 }), models, request: ask(), records, shape: name, random: seededRandom(3) }).seats.map(
        (m) => m.alias,
      );
    expect(seatOn('code')).toEqual(['a']);
    expect(seatOn('writing')).toEqual(['b']);
    // No record on math: a and b draw from their whole records, Beta(41, 41), c from Beta(1, 81).
    expect(seatOn('math')).not.toEqual(['c']);
  });

  it('says each member left out what it drew, and gives no explorer seats; the seats keep their order', () => {
    const records: Record<string, PanelRecord> = { a: { useful: 0, notUseful: 30, calls: 30 }, b: { useful: 20, notUseful: 1, calls: 21 } };
    const seating = seatMembers({
      collection: learned(['a', 'old', 'b', 'c', 'd'], { maxCalls: 3, maxExplorers: 2 }),
      models,
      request: ask(),
      records,
      shape: 'code',
      random: seededRandom(5),
    });
    expect(seating.explorers).toEqual([]);
    expect(seating.seats.map((m) => m.alias)).toEqual(['b', 'c', 'd']);
    expect(seating.skipped).toEqual([
      {
        seat: 1,
        alias: 'a',
        why: expect.stringMatching(
          /^over the collection's maxCalls \(3\): the seats went to the 3 highest draws on code \(order learned\); it drew 0\.\d{3} from Beta\(1, 31\) overall \(none on code\), mean 0\.031$/,
        ),
      },
      { seat: 2, alias: 'old', why: 'retired since 2026-01-01: replaced' },
    ]);
  });

  it('seats everyone eligible, drawing nothing, when they fit in maxCalls', () => {
    const random = () => {
      throw new Error('no draw is needed');
    };
    const seating = seatMembers({ collection: learned(['a', 'old', 'b'], { maxCalls: 2 }), models, request: ask(), random });
    expect(seating.seats.map((m) => m.alias)).toEqual(['a', 'b']);
  });

  it('refuses an order a panel does not seat by, naming the field', () => {
    const error = thrown(() =>
      seatMembers({ collection: collection(['a', 'b'], { maxCalls: 1, order: 'random' as never }), models, request: ask(), random: Math.random }),
    );
    expect(PanelInputError.isInstance(error) && error.message).toBe('collections.core.order: a panel seats by "record" or "learned", got "random"');
  });
});
