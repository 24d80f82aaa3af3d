import type { CallRecord } from './call-record';
import { hourOf } from './totals';

/** One key's calls from `from` on (epoch ms of a whole UTC hour). */
export interface KeyTotalsQuery {
  key: string;
  from: number;
}

/** What a key's calls added up to: made for the key's callers, so every purpose but `shadow` (the gateway's own). */
export interface KeyTotals {
  /** Requests the key's callers made (the calls that stand for one, `CallRecord.request`): a panel of 3 and its merger count one. */
  requests: number;
  /** Upstream calls made for them. */
  calls: number;
  inputTokens: number;
  outputTokens: number;
  /** Input tokens read from the prompt cache (a part of `inputTokens`). */
  cachedTokens: number;
  /** Dollars priced (calls of unpriced models add nothing). */
  cost: number;
}

export const emptyKeyTotals = (): KeyTotals => ({ requests: 0, calls: 0, inputTokens: 0, outputTokens: 0, cachedTokens: 0, cost: 0 });

/** What a batch of new calls adds to one (key, hour) row of `key_totals`. */
export interface KeyTotalsDelta {
  keyName: string;
  hour: number;
  totals: KeyTotals;
}

/** Sums the calls made for callers (shadows left out) per key ('' for none) and hour, sorted so concurrent writers lock rows in one order. */
export function keyTotalsDeltas(calls: Iterable<CallRecord>): KeyTotalsDelta[] {
  const rows = new Map<string, KeyTotalsDelta>();
  for (const call of calls) {
    if (call.purpose === 'shadow') continue;
    const keyName = call.keyName ?? '';
    const hour = hourOf(call.time);
    const id = `${keyName}\u0000${hour}`;
    let row = rows.get(id);
    if (!row) {
      row = { keyName, hour, totals: emptyKeyTotals() };
      rows.set(id, row);
    }
    addKeyTotals(row.totals, {
      requests: call.request ? 1 : 0,
      calls: 1,
      inputTokens: call.inputTokens,
      outputTokens: call.outputTokens,
      cachedTokens: call.cachedTokens,
      cost: call.cost ?? 0,
    });
  }
  return [...rows.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, row]) => row);
}

export function addKeyTotals(into: KeyTotals, more: KeyTotals): void {
  into.requests += more.requests;
  into.calls += more.calls;
  into.inputTokens += more.inputTokens;
  into.outputTokens += more.outputTokens;
  into.cachedTokens += more.cachedTokens;
  into.cost += more.cost;
}
