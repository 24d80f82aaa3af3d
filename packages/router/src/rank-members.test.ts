import { describe, expect, it } from 'vitest';
import { member, seededRandom } from './__fixtures__/requests';
import { rankMembers } from './rank-members';

const collection = {
  name: 'agents',
  members: [member('m1'), member('m2'), member('old', { retired: { at: '2026-01-01', why: 'replaced' } }), member('m3')],
};

describe('rankMembers', () => {
  it('shows what the next new conversation on a shape would get, with why, and who rotation would put first', () => {
    const ranking = rankMembers({
      collection,
      shape: 'code',
      records: {
        m1: { useful: 4, lastUsedAt: 500 },
        m2: { useful: 1, lastUsedAt: 900, shapes: { code: { calls: 6, useful: 6, notUseful: 0, failures: 0, lastUsedAt: 900 } } },
      },
    });
    expect(ranking.ranking.map((r) => `${r.place}. ${r.alias}: ${r.why}`)).toEqual([
      '1. m2: 6 useful verdicts on code',
      '2. m1: 4 useful verdicts overall (no record on code)',
      '3. m3: 0 useful verdicts with no record',
    ]);
    expect(ranking.rotation).toEqual({
      chance: 0.25,
      alias: 'm3',
      why: 'rotated first, the least recently used (never used); 0 useful verdicts with no record',
    });
    expect(ranking.skipped).toEqual([expect.objectContaining({ alias: 'old', reason: 'retired' })]);
    expect(ranking).toMatchObject({ shape: 'code', order: 'record' });
  });

  it('draws for learned order, with no rotation', () => {
    const ranking = rankMembers({ collection, records: new Map(), settings: { order: 'learned' }, random: seededRandom(3) });
    expect(ranking.rotation).toBeUndefined();
    expect(ranking.ranking.every((r) => r.why.startsWith('drew '))).toBe(true);
  });

  it('refuses a record with a negative count', () => {
    expect(() => rankMembers({ collection, records: { m1: { useful: -3 } } })).toThrow('records["m1"].useful: must be a count (an integer, 0 or more), got -3');
  });
});
