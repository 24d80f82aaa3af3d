import { SUM_COLUMNS } from './totals-row';

/** A placeholder for the n-th parameter (1-based): `?` for SQLite, `$n` for Postgres. */
export type Placeholder = (n: number) => string;

const STATS_SUMS = [
  'useful',
  'verdicts',
  'calls',
  'failures',
  'input_tokens',
  'output_tokens',
  'reasoning_tokens',
  'cached_tokens',
  'cache_write_tokens',
  'cost',
];

/**
 * Stats from the hourly totals: parameters are from-hour, to-hour, then the
 * collection and the key when filtered. Reads the totals' primary key range.
 */
export function statsFromTotalsSql(byCollection: boolean, byKey: boolean, p: Placeholder): string {
  const where = ['hour >= ' + p(1), 'hour < ' + p(2)];
  let n = 2;
  if (byCollection) where.push(`collection = ${p(++n)}`);
  if (byKey) where.push(`key_name = ${p(++n)}`);
  return `SELECT alias, ${byCollection ? 'MAX(collection)' : 'NULL'} AS collection, ${STATS_SUMS.map((c) => `SUM(${c}) AS ${c}`).join(', ')},
    MAX(last_used) AS last_used FROM call_totals WHERE ${where.join(' AND ')} GROUP BY alias ORDER BY alias`;
}

/** Stats for one key over all time, from `key_stats` (a row per key, collection and model): parameters are the key, then the collection when filtered. */
export function keyStatsSql(byCollection: boolean, p: Placeholder): string {
  const where = [`key_name = ${p(1)}`, ...(byCollection ? [`collection = ${p(2)}`] : [])];
  return `SELECT alias, ${byCollection ? 'MAX(collection)' : 'NULL'} AS collection, ${STATS_SUMS.map((c) => `SUM(${c}) AS ${c}`).join(', ')},
    MAX(last_used) AS last_used FROM key_stats WHERE ${where.join(' AND ')} GROUP BY alias ORDER BY alias`;
}

/** Records per (alias, shape), all time, from `shape_totals`: parameters are the collection and the alias when filtered. */
export function recordsSql(byCollection: boolean, byAlias: boolean, p: Placeholder): string {
  const where: string[] = [];
  let n = 0;
  if (byCollection) where.push(`collection = ${p(++n)}`);
  if (byAlias) where.push(`alias = ${p(++n)}`);
  const columns = ['useful', 'verdicts', ...SUM_COLUMNS].map((c) => `SUM(${c}) AS ${c}`).join(', ');
  return `SELECT alias, shape, ${columns}, MAX(last_used) AS last_used FROM shape_totals
    ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''} GROUP BY alias, shape ORDER BY alias, shape`;
}
