import { describe, expect, it } from 'vitest';
import { PanelInputError } from './errors/panel-input-error';
import type { PanelMember } from './panel-member';
import type { PanelRecord, PanelShapeRecord } from './panel-record';
import { seatMembers } from './seat-members';
import { ask, collection, thrown } from './test-helpers';

const member = (alias: string, more: Partial<PanelMember> = {}): PanelMember => ({
  alias,
  target: { alias, api: 'openai-chat', baseURL: 'http://127.0.0.1:9/v1', model: alias },
  ...more,
});
const onShape = (useful: number, calls: number, lastUsedAt?: number): PanelShapeRecord => ({
  calls,
  useful,
  notUseful: 0,
  failures: 0,
  ...(lastUsedAt !== undefined ? { lastUsedAt } : {}),
});
const models = {
  a: member('a'),
  b: member('b'),
  c: member('c'),
  d: member('d'),
  e: member('e'),
  old: member('old', { retired: { at: '2026-01-01', why: 'replaced' } }),
  tiny: member('tiny', { contextWindow: 5 }),
  eye: member('eye', { vision: true, role: 'vision' }),
};
const aliases = (seats: PanelMember[]) => seats.map((m) => m.alias);

// On `code`: a and b have the best records, e is the newest (fewest calls), d next; c is well known but not good.
const records: Record<string, PanelRecord> = {
  a: { useful: 1, calls: 100, shapes: { code: onShape(40, 60, 900) } },
  b: { useful: 90, calls: 200, shapes: { code: onShape(30, 50, 800) } },
  c: { useful: 80, calls: 300, shapes: { code: onShape(2, 40, 700) } },
  d: { useful: 0, calls: 9, shapes: { code: onShape(1, 9, 100) } },
  e: { useful: 0, calls: 1 },
};

describe('seatMembers with explorers', () => {
  it('seats the best records on the shape and gives maxExplorers seats to the least recorded, marked', () => {
    const seating = seatMembers({ collection: collection(['a', 'b', 'c', 'd', 'e'], { maxCalls: 4 }), models, request: ask(), records, shape: 'code' });
    expect(aliases(seating.seats)).toEqual(['a', 'b', 'd', 'e']);
    expect(seating.explorers).toEqual(['d', 'e']);
    expect(seating.skipped).toEqual([
      {
        seat: 3,
        alias: 'c',
        why: "over the collection's maxCalls (4): 2 seats for the best records on code, 2 for explorers; its record: 2 useful in 40 calls on code",
      },
    ]);
  });

  it('reads the whole record where the shape has none: another shape seats others', () => {
    const seating = seatMembers({
      collection: collection(['a', 'b', 'c', 'd', 'e'], { maxCalls: 3, maxExplorers: 1 }),
      models,
      request: ask(),
      records,
      shape: 'writing',
    });
    // Best overall: b (90), c (80); the least calls overall: e (1).
    expect(aliases(seating.seats)).toEqual(['b', 'c', 'e']);
    expect(seating.explorers).toEqual(['e']);
  });

  it('breaks a tie in calls by the oldest use (never used first)', () => {
    const tied: Record<string, PanelRecord> = {
      a: { useful: 9, calls: 9 },
      b: { useful: 0, calls: 3, lastUsedAt: 500 },
      c: { useful: 0, calls: 3, lastUsedAt: 100 },
      d: { useful: 0, calls: 3 },
    };
    const seating = seatMembers({ collection: collection(['a', 'b', 'c', 'd'], { maxCalls: 3 }), models, request: ask(), records: tied });
    expect(seating.explorers).toEqual(['c', 'd']);
  });

  it('skips an explorer that cannot take the request, with why, and seats the next least recorded', () => {
    const seating = seatMembers({
      collection: collection(['a', 'b', 'old', 'tiny', 'eye', 'c', 'd', 'e'], { maxCalls: 3, maxExplorers: 2 }),
      models,
      request: ask('x'.repeat(100)),
      records,
      shape: 'code',
    });
    // old, tiny and eye have no record at all (0 calls): first in line to explore, and none can take the request.
    expect(aliases(seating.seats)).toEqual(['a', 'd', 'e']);
    expect(seating.explorers).toEqual(['d', 'e']);
    expect(seating.skipped.filter((s) => s.explorer)).toEqual([
      { seat: 3, alias: 'old', why: 'explorer: retired since 2026-01-01: replaced', explorer: true },
      { seat: 4, alias: 'tiny', why: "explorer: context window 5 tokens is under the request's estimated 29", explorer: true },
      { seat: 5, alias: 'eye', why: 'explorer: a vision specialist and the request has no images or documents', explorer: true },
    ]);
    expect(seating.skipped.find((s) => s.alias === 'b')?.why).toMatch(
      /^over the collection's maxCalls \(3\): 1 seat for the best records on code, 2 for explorers/,
    );
  });

  it('keeps at least one seat for the best record, whatever maxExplorers says', () => {
    const seating = seatMembers({
      collection: collection(['a', 'b', 'c', 'd', 'e'], { maxCalls: 2, maxExplorers: 5 }),
      models,
      request: ask(),
      records,
      shape: 'code',
    });
    expect(aliases(seating.seats)).toEqual(['a', 'e']);
    expect(seating.explorers).toEqual(['e']);
  });

  it('seats everyone, with no explorer, when every eligible member fits in maxCalls (records or not)', () => {
    const seating = seatMembers({ collection: collection(['c', 'old', 'a', 'e'], { maxCalls: 3 }), models, request: ask(), records, shape: 'code' });
    expect(aliases(seating.seats)).toEqual(['c', 'a', 'e']);
    expect(seating.explorers).toEqual([]);
    expect(seating.skipped).toEqual([{ seat: 2, alias: 'old', why: 'retired since 2026-01-01: replaced' }]);
  });

  it('accepts the old count-only records (useful verdicts), a map or a function', () => {
    const counts = new Map([
      ['c', 5],
      ['a', 1],
    ]);
    const byMap = seatMembers({ collection: collection(['a', 'b', 'c', 'd'], { maxCalls: 2, maxExplorers: 1 }), models, request: ask(), records: counts });
    expect(aliases(byMap.seats)).toEqual(['a', 'c']);
    expect(byMap.explorers).toEqual(['a']);
    const byFunction = seatMembers({
      collection: collection(['a', 'b', 'c', 'd'], { maxCalls: 2, maxExplorers: 0 }),
      models,
      request: ask(),
      records: (alias) => counts.get(alias),
    });
    expect(aliases(byFunction.seats)).toEqual(['a', 'c']);
  });

  it('refuses a maxExplorers or maxCalls that is not a count, naming the field', () => {
    const error = thrown(() => seatMembers({ collection: collection(['a', 'b'], { maxCalls: 1, maxExplorers: -1 }), models, request: ask() }));
    expect(PanelInputError.isInstance(error) && error.message).toBe('collections.core.maxExplorers: must be an integer, 0 or more, got -1');
    const calls = thrown(() => seatMembers({ collection: collection(['a', 'b'], { maxCalls: 0 }), models, request: ask() }));
    expect(PanelInputError.isInstance(calls) && calls.message).toBe('collections.core.maxCalls: must be an integer, 1 or more, got 0');
  });
});
