import { describe, expect, it } from 'vitest';
import { DailyBudget } from './daily-budget';

describe('DailyBudget', () => {
  it('is reached once the day has spent the cap, and starts again at midnight UTC', () => {
    let now = Date.UTC(2026, 11, 1, 23, 59);
    const budget = new DailyBudget(5, () => now);
    budget.add(3);
    expect(budget.reached()).toBe(false);
    budget.add(2);
    expect(budget.reached()).toBe(true);
    now = Date.UTC(2026, 11, 2, 0, 0);
    expect(budget.spent).toBe(0);
    expect(budget.reached()).toBe(false);
  });

  it('without a cap only sums; a cap of 0 is reached at once', () => {
    const free = new DailyBudget(undefined, () => 0);
    free.add(1e9);
    expect(free.reached()).toBe(false);
    expect(free.spent).toBe(1e9);
    expect(new DailyBudget(0, () => 0).reached()).toBe(true);
  });
});
