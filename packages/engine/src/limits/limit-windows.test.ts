import { describe, expect, it } from 'vitest';
import { budgetWindow } from './limit-windows';

const iso = (window: { start: number; end: number }) => [new Date(window.start).toISOString(), new Date(window.end).toISOString()];

describe('budgetWindow', () => {
  it('a UTC day, an ISO week from Monday, a calendar month', () => {
    const sunday = Date.UTC(2026, 10, 29, 23, 59, 59); // Sunday 29 November 2026
    expect(iso(budgetWindow('day', sunday))).toEqual(['2026-11-29T00:00:00.000Z', '2026-11-30T00:00:00.000Z']);
    expect(iso(budgetWindow('week', sunday))).toEqual(['2026-11-23T00:00:00.000Z', '2026-11-30T00:00:00.000Z']);
    expect(iso(budgetWindow('week', Date.UTC(2026, 10, 30)))).toEqual(['2026-11-30T00:00:00.000Z', '2026-12-07T00:00:00.000Z']);
    expect(iso(budgetWindow('month', sunday))).toEqual(['2026-11-01T00:00:00.000Z', '2026-12-01T00:00:00.000Z']);
    expect(iso(budgetWindow('month', Date.UTC(2026, 11, 31, 12)))).toEqual(['2026-12-01T00:00:00.000Z', '2027-01-01T00:00:00.000Z']);
  });
});
