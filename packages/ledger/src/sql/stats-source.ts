import type { StatsQuery } from '../model-stats';

/** Where stats come from: the all-time summary per model, or the hourly totals when a key or a time window narrows them. */
export type StatsSource = { table: 'summary'; collection?: string } | { table: 'totals'; from: number; to: number; collection?: string; key?: string };

export function statsSource(query: StatsQuery): StatsSource {
  if (query.key === undefined && query.from === undefined && query.to === undefined) {
    return query.collection === undefined ? { table: 'summary' } : { table: 'summary', collection: query.collection };
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
