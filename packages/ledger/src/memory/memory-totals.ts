import type { CallRecord } from '../call-record';
import type { ModelRecord, RecordsQuery } from '../model-record';
import type { ModelStats } from '../model-stats';
import type { StatsSource } from '../sql/stats-source';
import { type ShapeRow, toModelRecords } from '../sql/totals-row';
import { emptySums, type Sums, type TotalsKey, totalsDeltas, totalsKeyOf } from '../totals';
import { sumStats } from './memory-stats';

interface Row extends TotalsKey {
  sums: Sums;
  useful: number;
  verdicts: number;
}

/** The hourly running totals, in a map: the memory store's `call_totals`. */
export class MemoryTotals {
  readonly #rows = new Map<string, Row>();

  add(calls: CallRecord[]): void {
    for (const delta of totalsDeltas(calls)) {
      const id = rowId(delta);
      const row = this.#rows.get(id) ?? { ...delta, sums: emptySums(delta.sums.lastUsed), useful: 0, verdicts: 0 };
      for (const field of Object.keys(delta.sums) as (keyof Sums)[]) {
        row.sums[field] = field === 'lastUsed' ? Math.max(row.sums.lastUsed, delta.sums.lastUsed) : row.sums[field] + delta.sums[field];
      }
      this.#rows.set(id, row);
    }
  }

  /** Moves a unit's verdict counts in the row where the unit is kept. */
  addVerdict(where: TotalsKey, useful: number, verdicts: number): void {
    const row = this.#rows.get(rowId(where));
    if (!row) return;
    row.useful += useful;
    row.verdicts += verdicts;
  }

  stats(source: Extract<StatsSource, { table: 'totals' }>): ModelStats[] {
    const rows = [...this.#rows.values()].filter(
      (row) =>
        row.hour >= source.from &&
        row.hour < source.to &&
        (source.collection === undefined || row.collection === source.collection) &&
        (source.key === undefined || row.keyName === source.key),
    );
    return sumStats(rows.map(toStats)).map((stats) => ({ ...stats, collection: source.collection ?? null }));
  }

  records(query: RecordsQuery): ModelRecord[] {
    const shapes = new Map<string, ShapeRow>();
    for (const row of this.#rows.values()) {
      if (query.collection !== undefined && row.collection !== query.collection) continue;
      if (query.alias !== undefined && row.alias !== query.alias) continue;
      const id = `${row.alias}\u0000${row.shape}`;
      const sum = shapes.get(id) ?? {
        alias: row.alias,
        shape: row.shape,
        calls: 0,
        useful: 0,
        verdicts: 0,
        failures: 0,
        cost: 0,
        seconds_sum: 0,
        seconds_count: 0,
        first_sum: 0,
        first_count: 0,
        last_used: null,
      };
      sum.calls = Number(sum.calls) + row.sums.calls;
      sum.useful = Number(sum.useful) + row.useful;
      sum.verdicts = Number(sum.verdicts) + row.verdicts;
      sum.failures = Number(sum.failures) + row.sums.failures;
      sum.cost = Number(sum.cost) + row.sums.cost;
      sum.seconds_sum = Number(sum.seconds_sum) + row.sums.secondsSum;
      sum.seconds_count = Number(sum.seconds_count) + row.sums.secondsCount;
      sum.first_sum = Number(sum.first_sum) + row.sums.firstSum;
      sum.first_count = Number(sum.first_count) + row.sums.firstCount;
      sum.last_used = Math.max(Number(sum.last_used ?? 0), row.sums.lastUsed);
      shapes.set(id, sum);
    }
    const sorted = [...shapes.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, row]) => row);
    return toModelRecords(sorted, query.collection ?? null);
  }

  static keyOf(call: CallRecord): TotalsKey {
    return totalsKeyOf(call);
  }
}

function rowId(key: TotalsKey): string {
  return `${key.hour}\u0000${key.collection}\u0000${key.keyName}\u0000${key.alias}\u0000${key.shape}`;
}

function toStats(row: Row): ModelStats {
  const s = row.sums;
  return {
    alias: row.alias,
    collection: row.collection,
    useful: row.useful,
    verdicts: row.verdicts,
    calls: s.calls,
    failures: s.failures,
    lastUsed: s.lastUsed,
    tokens: { input: s.inputTokens, output: s.outputTokens, reasoning: s.reasoningTokens, cached: s.cachedTokens, cacheWrite: s.cacheWriteTokens },
    cost: s.cost,
  };
}
