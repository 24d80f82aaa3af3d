import { describe, expect, it } from 'vitest';
import { member, seededRandom } from './__fixtures__/requests';
import { orderMembers } from './order-members';
import type { MemberRecord } from './stores/record-source';

const record = { order: 'record', rotate: 0 } as const;
const never = (): number => {
  throw new Error('random must not be drawn');
};

function aliases(input: Parameters<typeof orderMembers>[0]): string[] {
  return orderMembers(input).members.map((m) => m.alias);
}

describe('orderMembers', () => {
  const members = [member('a'), member('b'), member('c')];

  it('keeps the listed order when there is no record at all', () => {
    expect(aliases({ eligible: members, records: new Map(), cooling: new Set(), settings: record, random: never })).toEqual(['a', 'b', 'c']);
  });

  it('ranks by useful verdicts', () => {
    const records = new Map<string, MemberRecord>([
      ['a', { useful: 1 }],
      ['c', { useful: 5 }],
    ]);
    expect(aliases({ eligible: members, records, cooling: new Set(), settings: record, random: never })).toEqual(['c', 'a', 'b']);
  });

  it('breaks a tie on useful verdicts by fewer not-useful ones, before score', () => {
    const eligible = [member('a', { score: 0.9 }), member('b'), member('c')];
    const records = new Map<string, MemberRecord>([
      ['a', { useful: 0, notUseful: 3 }],
      ['b', { useful: 0, notUseful: 1 }],
      ['c', { useful: 1, notUseful: 5 }],
    ]);
    const ordered = orderMembers({ eligible, records, cooling: new Set(), settings: record, random: never });
    expect(ordered.members.map((m) => m.alias)).toEqual(['c', 'b', 'a']);
    expect(ordered.why('a')).toBe('0 useful verdicts and 3 not useful overall (no record on general), score 0.9');
  });

  it('breaks ties by score (record score over catalog score), then paid', () => {
    const eligible = [member('a', { paid: true }), member('b', { score: 0.5 }), member('c', { score: 0.9 }), member('d')];
    const records = new Map<string, MemberRecord>([['c', { useful: 0, score: 0.1 }]]);
    expect(aliases({ eligible, records, cooling: new Set(), settings: record, random: never })).toEqual(['b', 'c', 'a', 'd']);
  });

  it('puts cooling members last in either order', () => {
    const records = new Map<string, MemberRecord>([['a', { useful: 9 }]]);
    const cooling = new Set(['a']);
    expect(aliases({ eligible: members, records, cooling, settings: record, random: never })).toEqual(['b', 'c', 'a']);
    expect(aliases({ eligible: members, records, cooling, settings: { order: 'listed', rotate: 0.25 }, random: never })).toEqual(['b', 'c', 'a']);
  });

  it('never rotates in listed order', () => {
    const ordered = orderMembers({ eligible: members, records: new Map(), cooling: new Set(), settings: { order: 'listed', rotate: 1 }, random: never });
    expect(ordered.members.map((m) => m.alias)).toEqual(['a', 'b', 'c']);
    expect(ordered.rotated).toBe(false);
  });

  it('on rotation puts the least recently used member first, skipping cooling ones', () => {
    const records = new Map<string, MemberRecord>([
      ['a', { useful: 9, lastUsedAt: 300 }],
      ['b', { useful: 5, lastUsedAt: 100 }],
      ['c', { useful: 1, lastUsedAt: 200 }],
    ]);
    const input = { eligible: members, records, settings: { order: 'record', rotate: 0.25 } as const, random: () => 0.1 };
    expect(orderMembers({ ...input, cooling: new Set() })).toMatchObject({ members: [members[1], members[0], members[2]], rotated: true });
    expect(aliases({ ...input, cooling: new Set(['b']) })).toEqual(['c', 'a', 'b']);
    expect(aliases({ ...input, random: () => 0.25, cooling: new Set() })).toEqual(['a', 'b', 'c']);
  });

  it('counts a member never used as the oldest', () => {
    const records = new Map<string, MemberRecord>([
      ['a', { useful: 9, lastUsedAt: 300 }],
      ['b', { useful: 5, lastUsedAt: 100 }],
    ]);
    const ordered = orderMembers({ eligible: members, records, cooling: new Set(), settings: { order: 'record', rotate: 0.5 }, random: () => 0 });
    expect(ordered.members[0]?.alias).toBe('c');
  });

  it('rotates with probability `rotate` over 10,000 seeded draws', () => {
    const records = new Map<string, MemberRecord>([
      ['a', { useful: 9, lastUsedAt: 300 }],
      ['b', { useful: 5, lastUsedAt: 200 }],
      ['c', { useful: 1, lastUsedAt: 100 }],
    ]);
    const random = seededRandom(42);
    let cFirst = 0;
    for (let draw = 0; draw < 10_000; draw += 1) {
      const ordered = orderMembers({ eligible: members, records, cooling: new Set(), settings: { order: 'record', rotate: 0.25 }, random });
      if (ordered.members[0]?.alias === 'c') cFirst += 1;
    }
    expect(cFirst / 10_000).toBeGreaterThan(0.235);
    expect(cFirst / 10_000).toBeLessThan(0.265);
  });
});
