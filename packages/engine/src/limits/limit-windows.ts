import type { BudgetPeriod } from '../config/limits-schema';

/** `rpm` and `tpm` count what happened in the last 60 s (a sliding window, like a model's pacing). */
export const SLIDING_WINDOW_MS = 60_000;

const DAY_MS = 86_400_000;

export interface BudgetWindow {
  /** Epoch ms of the period's start (UTC), inclusive. */
  start: number;
  /** Epoch ms of the next period's start, when the budget starts again. */
  end: number;
}

/** The UTC day, ISO week (from Monday 00:00) or calendar month that `now` falls in. */
export function budgetWindow(per: BudgetPeriod, now: number): BudgetWindow {
  const day = Math.floor(now / DAY_MS) * DAY_MS;
  switch (per) {
    case 'day':
      return { start: day, end: day + DAY_MS };
    case 'week': {
      const sinceMonday = (new Date(day).getUTCDay() + 6) % 7; // getUTCDay: Sunday is 0
      const start = day - sinceMonday * DAY_MS;
      return { start, end: start + 7 * DAY_MS };
    }
    case 'month': {
      const date = new Date(now);
      return { start: Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1), end: Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1) };
    }
    default: {
      const never: never = per;
      throw new Error(`unknown budget period ${String(never)}`);
    }
  }
}
