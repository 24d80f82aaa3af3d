import type { ModelStats } from '../model-stats';

/** A `model_stats` row, or a sum of them (numbers may come back as strings from Postgres). */
export interface StatsRow {
  alias: string;
  collection: string | null;
  useful: number | string;
  verdicts: number | string;
  calls: number | string;
  failures: number | string;
  last_used: number | string | null;
  input_tokens: number | string;
  output_tokens: number | string;
  reasoning_tokens: number | string;
  cached_tokens: number | string;
  cache_write_tokens: number | string;
  cost: number | string;
}

export function rowToStats(row: StatsRow): ModelStats {
  return {
    alias: row.alias,
    collection: row.collection,
    useful: Number(row.useful),
    verdicts: Number(row.verdicts),
    calls: Number(row.calls),
    failures: Number(row.failures),
    lastUsed: row.last_used === null ? null : Number(row.last_used),
    tokens: {
      input: Number(row.input_tokens),
      output: Number(row.output_tokens),
      reasoning: Number(row.reasoning_tokens),
      cached: Number(row.cached_tokens),
      cacheWrite: Number(row.cache_write_tokens),
    },
    cost: Number(row.cost),
  };
}

/** The SELECT list and source for stats, one collection or summed over all (shared by both SQL stores). */
export function statsSql(byCollection: boolean, param: string): string {
  const sum = (column: string) => (byCollection ? column : `SUM(${column}) AS ${column}`);
  const columns = [
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
  const select = [
    'alias',
    byCollection ? 'collection' : 'NULL AS collection',
    ...columns.map(sum),
    byCollection ? 'last_used' : 'MAX(last_used) AS last_used',
  ].join(', ');
  return byCollection
    ? `SELECT ${select} FROM model_stats WHERE collection = ${param} ORDER BY alias`
    : `SELECT ${select} FROM model_stats GROUP BY alias ORDER BY alias`;
}
