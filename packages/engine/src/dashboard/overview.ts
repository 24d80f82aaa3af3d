import { HOUR_MS, type Ledger, type RefusalCount, type SeriesRow, type SeriesSums } from '@bench/ledger';
import { EngineError } from '../errors/engine-error';

export const OVERVIEW_RANGES = ['hour', 'day', 'week'] as const;
export type OverviewRange = (typeof OVERVIEW_RANGES)[number];

const MINUTE_MS = 60_000;
/** Each range's buckets: the last hour by the minute (from the calls), a day and a week by the hour (from the running totals). */
const BUCKETS: Record<OverviewRange, { bucketMs: number; count: number }> = {
  hour: { bucketMs: MINUTE_MS, count: 60 },
  day: { bucketMs: HOUR_MS, count: 24 },
  week: { bucketMs: HOUR_MS, count: 168 },
};

export interface OverviewTotals {
  calls: number;
  failures: number;
  cost: number;
  inputTokens: number;
  outputTokens: number;
  cachedTokens: number;
  cacheWriteTokens: number;
  firstTokenSeconds: number | null;
  seconds: number | null;
  outputTokensPerSecond: number | null;
}

/** One model's or key's figures, a value per bucket. */
export interface OverviewSeries {
  name: string | null;
  calls: number[];
  failures: number[];
  cost: number[];
  inputTokens: number[];
  outputTokens: number[];
  cachedTokens: number[];
  firstTokenSeconds: Array<number | null>;
  seconds: Array<number | null>;
  totals: OverviewTotals;
}

export interface Overview {
  range: OverviewRange;
  from: number;
  to: number;
  bucketMs: number;
  buckets: number[];
  totals: OverviewTotals;
  byModel: OverviewSeries[];
  byKey: OverviewSeries[];
  /** Requests the gateway's own limits refused in the range (they made no call, so are in no series), all together. */
  refused: number;
  /** The same per key, collection, whose limit (scope) and which, most first. */
  refusals: RefusalCount[];
}

const emptySums = (): SeriesSums => ({
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
});

function add(into: SeriesSums, sums: SeriesSums): void {
  for (const field of Object.keys(into) as (keyof SeriesSums)[]) into[field] += sums[field];
}

const mean = (sum: number, count: number) => (count > 0 ? sum / count : null);

function totalsOf(s: SeriesSums): OverviewTotals {
  return {
    calls: s.calls,
    failures: s.failures,
    cost: s.cost,
    inputTokens: s.inputTokens,
    outputTokens: s.outputTokens,
    cachedTokens: s.cachedTokens,
    cacheWriteTokens: s.cacheWriteTokens,
    firstTokenSeconds: mean(s.firstSum, s.firstCount),
    seconds: mean(s.secondsSum, s.secondsCount),
    outputTokensPerSecond: s.secondsSum > 0 ? s.outputTokens / s.secondsSum : null,
  };
}

/** Rows of one grouping (models, or keys) as one series per name, most calls first. */
function seriesOf(rows: SeriesRow[], from: number, bucketMs: number, count: number): OverviewSeries[] {
  const grouped = new Map<string | null, SeriesSums[]>();
  for (const row of rows) {
    const name = row.name;
    let buckets = grouped.get(name);
    if (!buckets) {
      buckets = Array.from({ length: count }, emptySums);
      grouped.set(name, buckets);
    }
    const index = Math.floor((row.bucket - from) / bucketMs);
    if (index >= 0 && index < count) add(buckets[index]!, row.sums);
  }
  const series = [...grouped.entries()].map(([name, buckets]): OverviewSeries => {
    const whole = emptySums();
    for (const bucket of buckets) add(whole, bucket);
    return {
      name,
      calls: buckets.map((b) => b.calls),
      failures: buckets.map((b) => b.failures),
      cost: buckets.map((b) => b.cost),
      inputTokens: buckets.map((b) => b.inputTokens),
      outputTokens: buckets.map((b) => b.outputTokens),
      cachedTokens: buckets.map((b) => b.cachedTokens),
      firstTokenSeconds: buckets.map((b) => mean(b.firstSum, b.firstCount)),
      seconds: buckets.map((b) => mean(b.secondsSum, b.secondsCount)),
      totals: totalsOf(whole),
    };
  });
  return series.sort((a, b) => b.totals.calls - a.totals.calls || String(a.name).localeCompare(String(b.name)));
}

/** Calls, cost, failures, seconds and cache reads per model and per key over the last hour, day or week, and the requests refused by limits. */
export async function overview(ledger: Ledger, now: number, query: { range?: OverviewRange; collection?: string } = {}): Promise<Overview> {
  const range = query.range ?? 'day';
  if (!OVERVIEW_RANGES.includes(range)) {
    throw new EngineError(400, 'invalid-request', `range: must be one of ${OVERVIEW_RANGES.join(', ')}, not "${String(range)}"`, { param: 'range' });
  }
  const { bucketMs, count } = BUCKETS[range];
  const to = Math.floor(now / bucketMs) * bucketMs + bucketMs; // the bucket holding now is the last
  const from = to - count * bucketMs;
  const only = query.collection !== undefined ? { collection: query.collection } : {};
  const [models, keys, refused] = await Promise.all([
    ledger.series({ from, to, bucketMs, by: 'alias', ...only }),
    ledger.series({ from, to, bucketMs, by: 'keyName', ...only }),
    ledger.refusals({ from, to }),
  ]);
  const refusals = query.collection === undefined ? refused : refused.filter((each) => each.collection === query.collection);
  const whole = emptySums();
  for (const row of models) add(whole, row.sums);
  return {
    range,
    from,
    to,
    bucketMs,
    buckets: Array.from({ length: count }, (_, i) => from + i * bucketMs),
    totals: totalsOf(whole),
    byModel: seriesOf(models, from, bucketMs, count),
    byKey: seriesOf(keys, from, bucketMs, count),
    refused: refusals.reduce((sum, each) => sum + each.count, 0),
    refusals,
  };
}
