import type { CallRecord } from './call-record';
import { addCall, emptySums, type RollUpRow } from './totals';

export const MINUTE_MS = 60_000;

/**
 * How far back from the latest call the per-minute roll-ups (model_minutes, key_minutes) are kept: the overview's
 * last hour by the minute, with room. Each batch deletes the rows older than its latest call less this, so every minute
 * from the latest call stored less this on is whole; a series from further back reads the calls.
 */
export const MINUTES_KEPT_MS = 2 * 3_600_000;

export const minuteOf = (time: number) => Math.floor(time / MINUTE_MS) * MINUTE_MS;

/** What calls add to the per-minute roll-ups: by minute, collection and model, and by minute, collection and key, each sorted. */
export function minuteDeltas(calls: readonly CallRecord[]): { byModel: RollUpRow[]; byKey: RollUpRow[] } {
  return {
    byModel: sumsBy(calls, (call) => [minuteOf(call.time), call.collection ?? '', call.alias]),
    byKey: sumsBy(calls, (call) => [minuteOf(call.time), call.collection ?? '', call.keyName ?? '']),
  };
}

function sumsBy(calls: readonly CallRecord[], keyOf: (call: CallRecord) => Array<string | number>): RollUpRow[] {
  const rows = new Map<string, RollUpRow>();
  for (const call of calls) {
    const key = keyOf(call);
    const id = key.join('\u0000');
    let row = rows.get(id);
    if (!row) {
      row = { key, sums: emptySums(call.time) };
      rows.set(id, row);
    }
    addCall(row.sums, call);
  }
  return [...rows.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, row]) => row);
}

/** The latest time of these calls (undefined for none). */
export function latestCallTime(calls: readonly CallRecord[]): number | undefined {
  let latest: number | undefined;
  for (const call of calls) if (latest === undefined || call.time > latest) latest = call.time;
  return latest;
}

/** The first minute the roll-ups hold whole, given the latest one they hold (null: none, so no call was ever stored). */
export function minutesWholeFrom(latest: number | null): number {
  return latest === null ? Number.NEGATIVE_INFINITY : latest - MINUTES_KEPT_MS + MINUTE_MS;
}
