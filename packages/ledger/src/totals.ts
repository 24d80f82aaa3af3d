import type { CallRecord } from './call-record';
import { isFailure } from './to-call-record';

/** Running totals are kept per hour (the bucket's start, epoch ms). */
export const HOUR_MS = 3_600_000;

export function hourOf(time: number): number {
  return Math.floor(time / HOUR_MS) * HOUR_MS;
}

/** What a set of calls adds to one running-totals row. */
export interface Sums {
  calls: number;
  failures: number;
  inputTokens: number;
  outputTokens: number;
  reasoningTokens: number;
  cachedTokens: number;
  cacheWriteTokens: number;
  cost: number;
  secondsSum: number;
  secondsCount: number;
  firstSum: number;
  firstCount: number;
  lastUsed: number;
}

/** Where a call's figures are kept: one row per hour, collection ('' for bare aliases), key ('' for none), model and shape. */
export interface TotalsKey {
  hour: number;
  collection: string;
  keyName: string;
  alias: string;
  shape: string;
}

export function totalsKeyOf(call: CallRecord): TotalsKey {
  return { hour: hourOf(call.time), collection: call.collection ?? '', keyName: call.keyName ?? '', alias: call.alias, shape: call.shape };
}

/** Sums calls per totals row, sorted so concurrent writers lock rows in one order. */
export function totalsDeltas(calls: Iterable<CallRecord>): Array<TotalsKey & { sums: Sums }> {
  const rows = new Map<string, TotalsKey & { sums: Sums }>();
  for (const call of calls) {
    const key = totalsKeyOf(call);
    const id = `${key.hour}\u0000${key.collection}\u0000${key.keyName}\u0000${key.alias}\u0000${key.shape}`;
    let row = rows.get(id);
    if (!row) {
      row = { ...key, sums: emptySums(call.time) };
      rows.set(id, row);
    }
    addCall(row.sums, call);
  }
  return [...rows.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, row]) => row);
}

export function emptySums(lastUsed: number): Sums {
  return {
    calls: 0,
    failures: 0,
    inputTokens: 0,
    outputTokens: 0,
    reasoningTokens: 0,
    cachedTokens: 0,
    cacheWriteTokens: 0,
    cost: 0,
    secondsSum: 0,
    secondsCount: 0,
    firstSum: 0,
    firstCount: 0,
    lastUsed,
  };
}

export function addCall(sums: Sums, call: CallRecord): void {
  sums.calls += 1;
  if (isFailure(call.status)) sums.failures += 1;
  sums.inputTokens += call.inputTokens;
  sums.outputTokens += call.outputTokens;
  sums.reasoningTokens += call.reasoningTokens;
  sums.cachedTokens += call.cachedTokens;
  sums.cacheWriteTokens += call.cacheWriteTokens;
  sums.cost += call.cost ?? 0;
  if (call.seconds !== null) {
    sums.secondsSum += call.seconds;
    sums.secondsCount += 1;
  }
  if (call.firstPieceSeconds !== null) {
    sums.firstSum += call.firstPieceSeconds;
    sums.firstCount += 1;
  }
  sums.lastUsed = Math.max(sums.lastUsed, call.time);
}

/** One row of a roll-up of the totals rows: its key (the named fields' values, in order) and what it adds. */
export interface RollUpRow {
  key: Array<string | number>;
  sums: Sums;
}

/**
 * Totals rows summed per the named fields (hour, collection and model for `model_hours`; key, collection and model for
 * `key_stats`…), sorted so concurrent writers lock rows in one order.
 */
export function rollUp(deltas: ReadonlyArray<TotalsKey & { sums: Sums }>, fields: ReadonlyArray<keyof TotalsKey>): RollUpRow[] {
  const rows = new Map<string, RollUpRow>();
  for (const delta of deltas) {
    const key = fields.map((field) => delta[field]);
    const id = key.join('\u0000');
    const row = rows.get(id);
    if (row) addSums(row.sums, delta.sums);
    else rows.set(id, { key, sums: { ...delta.sums } });
  }
  return [...rows.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, row]) => row);
}

function addSums(into: Sums, sums: Sums): void {
  for (const field of Object.keys(into) as (keyof Sums)[]) {
    if (field !== 'lastUsed') into[field] += sums[field];
  }
  into.lastUsed = Math.max(into.lastUsed, sums.lastUsed);
}
