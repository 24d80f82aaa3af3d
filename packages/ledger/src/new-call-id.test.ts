import { describe, expect, it } from 'vitest';
import { callUnit } from './call-unit';
import { newCallId } from './new-call-id';

describe('newCallId', () => {
  it('makes distinct URL-safe ids with the prefix, and no dot (a dot would split off a unit)', () => {
    const ids = new Set(Array.from({ length: 1000 }, () => newCallId('r')));
    expect(ids.size).toBe(1000);
    for (const id of ids) {
      expect(id).toMatch(/^r[0-9a-z]{9}[0-9a-f]{15}$/);
      expect(callUnit(id)).toBe(id);
    }
  });

  it('makes ids that sort in the order they were made', () => {
    const times = [0, 35, 36, 1_000, 1_764_000_000_000, Date.now(), 36 ** 9 - 1];
    const made = times.map((time) => newCallId('r', time));
    expect([...made].sort()).toEqual(made);
  });
});
