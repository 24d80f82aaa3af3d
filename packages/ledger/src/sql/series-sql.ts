import type { SeriesQuery, SeriesRow } from '../dashboard/series';
import { HOUR_MS } from '../totals';
import { boundParams } from './bound-params';
import type { Placeholder } from './totals-sql';

/**
 * Buckets of whole hours read the hourly roll-up per model (`model_hours`) or per key (`key_hours`), whose primary key
 * starts with the hour: a few dozen rows an hour, however many keys × models × shapes the full totals hold. Minutes read
 * the per-minute roll-ups (`model_minutes`, `key_minutes`) where they hold the range whole (`minutesWhole`, see
 * minute-totals.ts), else the calls by time.
 */
export function seriesSql(query: SeriesQuery, p: Placeholder, minutesWhole = false): { sql: string; values: unknown[] } {
  const { bind, values } = boundParams(p);
  const source = query.bucketMs % HOUR_MS === 0 ? 'hours' : minutesWhole ? 'minutes' : 'calls';
  const time = source === 'hours' ? 'hour' : source === 'minutes' ? 'minute' : 'time';
  // CAST: SQLite may bind a whole number as a REAL, and then divide without truncating.
  const bucket = `${bind(query.from)} + CAST((${time} - ${bind(query.from)}) / ${bind(query.bucketMs)} AS BIGINT) * ${bind(query.bucketMs)}`;
  const sums =
    source !== 'calls'
      ? `sum(calls) AS calls, sum(failures) AS failures, sum(input_tokens) AS input_tokens, sum(output_tokens) AS output_tokens,
       sum(reasoning_tokens) AS reasoning_tokens, sum(cached_tokens) AS cached_tokens, sum(cache_write_tokens) AS cache_write_tokens,
       sum(cost) AS cost, sum(seconds_sum) AS seconds_sum, sum(seconds_count) AS seconds_count, sum(first_sum) AS first_sum,
       sum(first_count) AS first_count`
      : `count(*) AS calls, sum(CASE WHEN status IN ('ok', 'aborted') THEN 0 ELSE 1 END) AS failures, sum(input_tokens) AS input_tokens,
       sum(output_tokens) AS output_tokens, sum(reasoning_tokens) AS reasoning_tokens, sum(cached_tokens) AS cached_tokens,
       sum(cache_write_tokens) AS cache_write_tokens, coalesce(sum(cost), 0) AS cost, coalesce(sum(seconds), 0) AS seconds_sum,
       count(seconds) AS seconds_count, coalesce(sum(first_piece_seconds), 0) AS first_sum, count(first_piece_seconds) AS first_count`;
  const where = [`${time} >= ${bind(query.from)}`, `${time} < ${bind(query.to)}`];
  if (query.collection !== undefined) where.push(`collection = ${bind(query.collection)}`);
  const name = query.by === 'alias' ? 'alias' : source !== 'calls' ? 'key_name' : "coalesce(key_name, '')";
  // Grouped in the database to a row per bucket and name: what crosses to JavaScript is the series, not the totals' rows.
  const table = source === 'calls' ? 'calls' : `${query.by === 'alias' ? 'model' : 'key'}_${source}`;
  const sql = `SELECT ${bucket} AS bucket, ${name} AS name, ${sums}
    FROM ${table} WHERE ${where.join(' AND ')} GROUP BY 1, 2`;
  return { sql, values };
}

type Num = number | string;

export interface SeriesDbRow {
  bucket: Num;
  name: string;
  calls: Num;
  failures: Num;
  input_tokens: Num;
  output_tokens: Num;
  reasoning_tokens: Num;
  cached_tokens: Num;
  cache_write_tokens: Num;
  cost: Num;
  seconds_sum: Num;
  seconds_count: Num;
  first_sum: Num;
  first_count: Num;
}

export function rowToSeries(row: SeriesDbRow): SeriesRow {
  return {
    bucket: Number(row.bucket),
    name: row.name === '' ? null : row.name,
    sums: {
      calls: Number(row.calls),
      failures: Number(row.failures),
      inputTokens: Number(row.input_tokens),
      outputTokens: Number(row.output_tokens),
      reasoningTokens: Number(row.reasoning_tokens),
      cachedTokens: Number(row.cached_tokens),
      cacheWriteTokens: Number(row.cache_write_tokens),
      cost: Number(row.cost),
      secondsSum: Number(row.seconds_sum),
      secondsCount: Number(row.seconds_count),
      firstSum: Number(row.first_sum),
      firstCount: Number(row.first_count),
    },
  };
}
