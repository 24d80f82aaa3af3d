import { describe, expect, it } from 'vitest';
import type { PanelMember } from './panel-member';
import { rankMergers } from './rank-mergers';
import { collection } from './test-helpers';

const member = (alias: string, more: Partial<PanelMember> = {}): PanelMember => ({
  alias,
  target: { alias, api: 'openai-chat', baseURL: 'http://127.0.0.1:9/v1', model: alias },
  ...more,
});
const models = new Map([
  ['m1', member('m1')],
  ['m2', member('m2')],
  ['m3', member('m3')],
  ['old', member('old', { retired: { at: '2026-02-01', why: 'replaced' } })],
]);
const order = (r: { candidates: PanelMember[] }) => r.candidates.map((c) => c.alias);

describe('rankMergers', () => {
  it('puts the collection merger first, then members by useful verdicts', () => {
    expect(order(rankMergers(collection(['m1', 'm2', 'm3'], { merger: 'm3' }), models, { m2: 5 }))).toEqual(['m3', 'm2', 'm1']);
  });

  it('ranks by records (function or map), ties in listed order, the first member without records', () => {
    expect(order(rankMergers(collection(['m1', 'm2', 'm3'], { merger: '' }), models, (a) => (a === 'm3' ? 2 : 0)))).toEqual(['m3', 'm1', 'm2']);
    expect(order(rankMergers(collection(['m1', 'm2', 'm3']), models))).toEqual(['m1', 'm2', 'm3']);
    expect(order(rankMergers(collection(['m1', 'm2']), models, new Map([['m2', 1]])))).toEqual(['m2', 'm1']);
  });

  it('passes over a retired merger with why, and never ranks a retired member', () => {
    const ranking = rankMergers(collection(['old', 'm1'], { merger: 'old' }), models, { old: 9 });
    expect(order(ranking)).toEqual(['m1']);
    expect(ranking.skipped).toEqual([{ alias: 'old', why: 'merger: retired since 2026-02-01: replaced' }]);
  });

  it('ranks by the record on the shape, each member without one there by its whole record', () => {
    const records = {
      m1: { useful: 50, shapes: { code: { calls: 10, useful: 1, notUseful: 0, failures: 0 } } },
      m2: { useful: 2, shapes: { code: { calls: 10, useful: 7, notUseful: 0, failures: 0 } } },
      m3: { useful: 5 },
    };
    expect(order(rankMergers(collection(['m1', 'm2', 'm3']), models, records, 'code'))).toEqual(['m2', 'm3', 'm1']);
    expect(order(rankMergers(collection(['m1', 'm2', 'm3']), models, records, 'writing'))).toEqual(['m1', 'm3', 'm2']);
    expect(order(rankMergers(collection(['m1', 'm2', 'm3']), models, records))).toEqual(['m1', 'm3', 'm2']);
    expect(order(rankMergers(collection(['m1', 'm2', 'm3'], { merger: 'm3' }), models, records, 'code'))).toEqual(['m3', 'm2', 'm1']);
  });
});
