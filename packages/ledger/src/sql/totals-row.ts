import type { ModelRecord, ShapeRecord } from '../model-record';
import type { Sums } from '../totals';

/** The summed columns of `call_totals` and `shape_totals` (both stores), in the order `sumsValues` gives. */
export const SUM_COLUMNS = [
  'calls',
  'failures',
  'input_tokens',
  'output_tokens',
  'reasoning_tokens',
  'cached_tokens',
  'cache_write_tokens',
  'cost',
  'seconds_sum',
  'seconds_count',
  'first_sum',
  'first_count',
] as const;

export function sumsValues(s: Sums): number[] {
  return [
    s.calls,
    s.failures,
    s.inputTokens,
    s.outputTokens,
    s.reasoningTokens,
    s.cachedTokens,
    s.cacheWriteTokens,
    s.cost,
    s.secondsSum,
    s.secondsCount,
    s.firstSum,
    s.firstCount,
  ];
}

/** A totals row summed per (alias, shape); numbers may come back as strings from Postgres. */
export interface ShapeRow {
  alias: string;
  shape: string;
  calls: number | string;
  useful: number | string;
  verdicts: number | string;
  failures: number | string;
  cost: number | string;
  seconds_sum: number | string;
  seconds_count: number | string;
  first_sum: number | string;
  first_count: number | string;
  last_used: number | string | null;
}

/** Rows ordered by alias, then shape → one record per model, its whole record summed over its shapes. */
export function toModelRecords(rows: ShapeRow[], collection: string | null): ModelRecord[] {
  const models = new Map<string, ShapeRow[]>();
  for (const row of rows) {
    const list = models.get(row.alias) ?? [];
    list.push(row);
    models.set(row.alias, list);
  }
  return [...models.entries()].map(([alias, shapes]) => ({
    alias,
    collection,
    whole: toShapeRecord(null, shapes),
    shapes: shapes.map((row) => toShapeRecord(row.shape, [row])),
  }));
}

function toShapeRecord(shape: string | null, rows: ShapeRow[]): ShapeRecord {
  const sum = (column: keyof ShapeRow) => rows.reduce((total, row) => total + Number(row[column]), 0);
  const useful = sum('useful');
  const secondsCount = sum('seconds_count');
  const firstCount = sum('first_count');
  const lastUsed = rows.reduce<number | null>((latest, row) => (row.last_used === null ? latest : Math.max(latest ?? 0, Number(row.last_used))), null);
  return {
    shape,
    calls: sum('calls'),
    useful,
    notUseful: sum('verdicts') - useful,
    failures: sum('failures'),
    firstTokenSeconds: firstCount > 0 ? sum('first_sum') / firstCount : null,
    seconds: secondsCount > 0 ? sum('seconds_sum') / secondsCount : null,
    cost: sum('cost'),
    lastUsed,
  };
}
