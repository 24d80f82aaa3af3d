import { describe, expect, it } from 'vitest';
import { crossing, unitDelta } from './verdict-counting';

describe('verdict counting', () => {
  it("moves a unit by the change in one call's verdict", () => {
    expect(unitDelta(undefined, true)).toEqual({ useful: 1, total: 1 });
    expect(unitDelta(undefined, false)).toEqual({ useful: 0, total: 1 });
    expect(unitDelta(true, false)).toEqual({ useful: -1, total: 0 });
    expect(unitDelta(false, true)).toEqual({ useful: 1, total: 0 });
    expect(unitDelta(true, true)).toEqual({ useful: 0, total: 0 });
  });

  it('moves the model only when a unit count crosses zero', () => {
    expect(crossing(1, 1)).toBe(1);
    expect(crossing(2, 1)).toBe(0);
    expect(crossing(0, -1)).toBe(-1);
    expect(crossing(1, -1)).toBe(0);
    expect(crossing(3, 0)).toBe(0);
  });
});
