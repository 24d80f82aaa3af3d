import { describe, expect, it } from 'vitest';
import { member, seededRandom } from './__fixtures__/requests';
import { orderMembers } from './order-members';
import type { MemberRecord, ShapeRecord } from './stores/record-source';

const never = (): number => {
  throw new Error('random must not be drawn');
};
const onShape = (useful: number, more: Partial<ShapeRecord> = {}): ShapeRecord => ({ calls: useful, useful, notUseful: 0, failures: 0, ...more });
const members = [member('a'), member('b'), member('c')];
const aliases = (ordered: { members: Array<{ alias: string }> }) => ordered.members.map((m) => m.alias);

describe('orderMembers on a shape', () => {
  const records = new Map<string, MemberRecord>([
    ['a', { useful: 50, shapes: { code: onShape(1), writing: onShape(30) } }],
    ['b', { useful: 10, shapes: { code: onShape(8) } }],
    ['c', { useful: 20 }],
  ]);

  it('ranks by useful verdicts on the shape, a member without one on its whole record', () => {
    const ordered = orderMembers({ eligible: members, records, cooling: new Set(), settings: { order: 'record', rotate: 0 }, random: never, shape: 'code' });
    expect(aliases(ordered)).toEqual(['c', 'b', 'a']);
    expect(ordered.rank()).toEqual([
      { alias: 'c', place: 1, record: 'whole', useful: 20, notUseful: 0, why: '20 useful verdicts overall (no record on code)' },
      { alias: 'b', place: 2, record: 'shape', useful: 8, notUseful: 0, why: '8 useful verdicts on code' },
      { alias: 'a', place: 3, record: 'shape', useful: 1, notUseful: 0, why: '1 useful verdict on code' },
    ]);
  });

  it('reads another shape, and the whole record for `general` when no member has one there', () => {
    const settings = { order: 'record', rotate: 0 } as const;
    expect(aliases(orderMembers({ eligible: members, records, cooling: new Set(), settings, random: never, shape: 'writing' }))).toEqual(['a', 'c', 'b']);
    expect(aliases(orderMembers({ eligible: members, records, cooling: new Set(), settings, random: never }))).toEqual(['a', 'c', 'b']);
  });

  it('rotates to the member whose last use on the shape is oldest, and says so', () => {
    const used = new Map<string, MemberRecord>([
      ['a', { useful: 9, lastUsedAt: 100, shapes: { code: onShape(9, { lastUsedAt: 900 }) } }],
      ['b', { useful: 5, lastUsedAt: 800, shapes: { code: onShape(5, { lastUsedAt: 200 }) } }],
      ['c', { useful: 1, lastUsedAt: 900, shapes: { code: onShape(1, { lastUsedAt: 300 }) } }],
    ]);
    const ordered = orderMembers({
      eligible: members,
      records: used,
      cooling: new Set(['c']),
      settings: { order: 'record', rotate: 0.5 },
      random: () => 0.1,
      shape: 'code',
    });
    expect(aliases(ordered)).toEqual(['b', 'a', 'c']);
    expect(ordered.rank()[0]).toMatchObject({
      alias: 'b',
      rotated: true,
      why: 'rotated first, the least recently used (last used 1970-01-01T00:00:00.200Z); 5 useful verdicts on code',
    });
    expect(ordered.rank()[2]).toMatchObject({ alias: 'c', cooling: true, why: '1 useful verdict on code; cooling down: tried last' });
  });

  it('explains listed order by place', () => {
    const ordered = orderMembers({ eligible: members, records, cooling: new Set(), settings: { order: 'listed', rotate: 1 }, random: never, shape: 'code' });
    expect(ordered.rank().map((r) => r.why)).toEqual(['listed 1st', 'listed 2nd', 'listed 3rd']);
  });
});

describe('orderMembers, learned', () => {
  const settings = { order: 'learned', rotate: 0.25 } as const;

  it('draws one Beta sample per member from its verdicts on the shape, orders by it, and never rotates', () => {
    const records = new Map<string, MemberRecord>([
      ['a', { useful: 0, notUseful: 40, shapes: { code: onShape(40, { notUseful: 2 }) } }],
      ['b', { useful: 40, notUseful: 0, shapes: { code: onShape(1, { notUseful: 30 }) } }],
    ]);
    let draws = 0;
    const random = seededRandom(5);
    const counted = () => {
      draws += 1;
      return random();
    };
    const ordered = orderMembers({ eligible: members, records, cooling: new Set(), settings, random: counted, shape: 'code' });
    expect(ordered.rotated).toBe(false);
    expect(aliases(ordered)[0]).toBe('a');
    expect(aliases(ordered)[2]).toBe('b');
    const [first, , last] = ordered.rank();
    expect(first).toMatchObject({ alias: 'a', record: 'shape', useful: 40, notUseful: 2 });
    expect(first?.why).toMatch(/^drew 0\.\d{3} from Beta\(41, 3\) on code, mean 0\.932$/);
    expect(last?.why).toMatch(/^drew 0\.\d{3} from Beta\(2, 31\) on code, mean 0\.061$/);
    expect(ordered.rank().every((r) => typeof r.sample === 'number' && r.sample >= 0 && r.sample <= 1)).toBe(true);
    // c has no record: Beta(1, 1); every member is sampled (each draw takes several uniforms).
    expect(ordered.rank()[1]?.why).toMatch(/^drew 0\.\d{3} from Beta\(1, 1\) with no record, mean 0\.500$/);
    expect(draws).toBeGreaterThanOrEqual(3 * 4);
  });

  it('puts each member first about as often as its chance of having the best posterior', () => {
    // a: Beta(3, 1) vs b: Beta(1, 3): P(sample a > sample b) = 1 - ∫ 3x²(1 - x)³ dx = 1 - 3·B(3, 4) = 0.95 exactly.
    const records = new Map<string, MemberRecord>([
      ['a', { useful: 2, notUseful: 0 }],
      ['b', { useful: 0, notUseful: 2 }],
    ]);
    const random = seededRandom(11);
    let aFirst = 0;
    for (let i = 0; i < 10_000; i += 1) {
      const ordered = orderMembers({ eligible: [member('a'), member('b')], records, cooling: new Set(), settings, random });
      if (ordered.members[0]?.alias === 'a') aFirst += 1;
    }
    expect(aFirst / 10_000).toBeGreaterThan(0.941);
    expect(aFirst / 10_000).toBeLessThan(0.959);
  });

  it('still puts cooling members last', () => {
    const records = new Map<string, MemberRecord>([['a', { useful: 100 }]]);
    const ordered = orderMembers({ eligible: members, records, cooling: new Set(['a']), settings, random: seededRandom(1) });
    expect(aliases(ordered)[2]).toBe('a');
  });
});
