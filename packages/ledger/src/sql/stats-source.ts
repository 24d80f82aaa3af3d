import type { StatsQuery } from '../model-stats';

/**
 * Where stats come from: the all-time summary per model, the all-time summary per key and model for one key, or the
 * hourly totals when a time window narrows them.
 */
export type StatsSource =
  | { table: 'summary'; collection?: string }
  | { table: 'keys'; key: string; collection?: string }
  | { table: 'totals'; from: number; to: number; collection?: string; key?: string };

export function statsSource(query: StatsQuery): StatsSource {
  if (query.from === undefined && query.to === undefined) {
    const only = query.collection === undefined ? {} : { collection: query.collection };
    return query.key === undefined ? { table: 'summary', ...only } : { table: 'keys', key: query.key, ...only };
  }
  return {
    table: 'totals',
    from: query.from ?? 0,
    to: query.to ?? Number.MAX_SAFE_INTEGER,
    ...(query.collection === undefined ? {} : { collection: query.collection }),
    ...(query.key === undefined ? {} : { key: query.key }),
  };
}

/** The totals query's parameters in `statsFromTotalsSql` order. */
export function totalsParams(source: Extract<StatsSource, { table: 'totals' }>): unknown[] {
  return [source.from, source.to, ...(source.collection === undefined ? [] : [source.collection]), ...(source.key === undefined ? [] : [source.key])];
}

/** The key summary's query parameters in `keyStatsSql` order. */
export function keyStatsParams(source: Extract<StatsSource, { table: 'keys' }>): unknown[] {
  return [source.key, ...(source.collection === undefined ? [] : [source.collection])];
}

/** A source as a window of the hourly totals (all time for a key): what the memory store answers every narrowed query from. */
export function asTotalsWindow(source: Exclude<StatsSource, { table: 'summary' }>): Extract<StatsSource, { table: 'totals' }> {
  return source.table === 'totals' ? source : { ...source, table: 'totals', from: 0, to: Number.MAX_SAFE_INTEGER };
}
