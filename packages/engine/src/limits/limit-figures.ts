import type { CounterReading } from './limit-store';
import { NANOS_PER_USD, type LimitSpec } from './limit-specs';
import { budgetWindow } from './limit-windows';

/** One limit as `GET /bench/keys/me` shows it: its size, what its window holds, and when it frees. */
export interface LimitFigure {
  /** Requests, tokens, or dollars. */
  limit: number;
  used: number;
  unit: 'requests' | 'tokens' | 'usd';
  /** `sliding-minute` (rpm, tpm: the last 60 s), or the budget's UTC period. */
  window: 'sliding-minute' | 'day' | 'week' | 'month';
  /** A budget's period start (ISO, UTC). */
  since?: string;
  /** A sliding minute: when its oldest request or tokens leave it (null: nothing counted); a budget: when its period ends. */
  resets_at: string | null;
  resets_in_seconds: number | null;
  /** At or over its limit: requests are refused for this many seconds (the 429's Retry-After). */
  retry_after_seconds?: number;
}

const seconds = (ms: number) => Math.max(0, Math.ceil(ms / 1000));

export function limitFigure(spec: LimitSpec, reading: CounterReading, now: number): LimitFigure {
  const budget = spec.name === 'budget';
  const figure: LimitFigure = {
    limit: spec.size,
    used: budget ? Math.round((reading.used / NANOS_PER_USD) * 1e6) / 1e6 : reading.used,
    unit: spec.name === 'rpm' ? 'requests' : spec.name === 'tpm' ? 'tokens' : 'usd',
    window: budget ? spec.per! : 'sliding-minute',
    resets_at: reading.freesInMs === undefined ? null : new Date(now + reading.freesInMs).toISOString(),
    resets_in_seconds: reading.freesInMs === undefined ? null : seconds(reading.freesInMs),
  };
  if (budget) figure.since = new Date(budgetWindow(spec.per!, now).start).toISOString();
  if (reading.retryAfterMs !== undefined) figure.retry_after_seconds = Math.max(1, seconds(reading.retryAfterMs));
  return figure;
}
