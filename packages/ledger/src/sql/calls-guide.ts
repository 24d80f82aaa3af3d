import { type CallFilter, FAILED_STATUS } from '../dashboard/call-query';
import type { CallCursor } from '../ledger-store';
import { isFailure } from '../to-call-record';
import { HOUR_MS, hourOf } from '../totals';
import { boundParams } from './bound-params';
import { queryCallsSql } from './call-query-sql';
import type { Placeholder } from './totals-sql';

/** Runs one query: its SQL and values in, its rows out. */
export type RunSql = <T>(sql: string, values: unknown[]) => Promise<T[]>;

/** The hourly roll-up that counts a filter's calls (an upper bound where the filter has columns it does not hold). */
interface Guide {
  table: 'model_hours' | 'key_hours';
  columns: Array<[column: string, value: string]>;
  count: 'calls' | 'failures';
}

export function guideOf(filter: CallFilter): Guide | undefined {
  const columns: Guide['columns'] = [];
  if (filter.collection !== undefined) columns.push(['collection', filter.collection]);
  if (filter.keyName !== undefined) columns.push(['key_name', filter.keyName]);
  else if (filter.alias !== undefined) columns.push(['alias', filter.alias]);
  const failures = filter.status === FAILED_STATUS || (filter.status !== undefined && isFailure(filter.status));
  if (columns.length === 0 && !failures) return undefined;
  return { table: filter.keyName !== undefined ? 'key_hours' : 'model_hours', columns, count: failures ? 'failures' : 'calls' };
}

/** The latest hours in [from, before) holding any of the guide's calls, newest first, at most `limit`: each with its count. */
export function hoursSql(guide: Guide, from: number, before: number, limit: number, p: Placeholder): { sql: string; values: unknown[] } {
  const { bind, values } = boundParams(p);
  const where = [`hour >= ${bind(from)}`, `hour < ${bind(before)}`, ...guide.columns.map(([column, value]) => `${column} = ${bind(value)}`)];
  const sql = `SELECT hour, sum(${guide.count}) AS n FROM ${guide.table} WHERE ${where.join(' AND ')}
    GROUP BY hour HAVING sum(${guide.count}) > 0 ORDER BY hour DESC LIMIT ${bind(limit)}`;
  return { sql, values };
}

/**
 * `queryCallsSql`'s page, read window by window: a filter on a collection, model, key or failures first asks the
 * hourly roll-ups which hours hold its calls, then reads the calls of only as many of those hours as make a page. The
 * plain query walks the calls' time index back from now until the page is full: for a model unused for months, every
 * call since. Exact, not an estimate: the roll-ups count every call ever written (retention deletes calls, not their
 * counts), so an hour they count no call in holds none; where they count more than the calls left (deleted ones, or
 * a filter on a column they do not hold, purpose or a status), the next window below is read, down to the oldest call.
 */
export async function guidedCalls<T>(filter: CallFilter, before: CallCursor | undefined, limit: number, p: Placeholder, run: RunSql): Promise<T[]> {
  const page = (window: CallFilter, n: number) => {
    const { sql, values } = queryCallsSql(window, before, n, p);
    return run<T>(sql, values);
  };
  const guide = guideOf(filter);
  if (!guide) return page(filter, limit);
  const [oldest] = await run<{ time: number | string | null }>('SELECT min(time) AS time FROM calls', []);
  if (oldest?.time === null || oldest?.time === undefined) return [];
  const floor = Math.max(filter.from ?? Number.MIN_SAFE_INTEGER, Number(oldest.time));
  let upper = Math.min(filter.to ?? Number.MAX_SAFE_INTEGER, before ? before.time + 1 : Number.MAX_SAFE_INTEGER);
  const rows: T[] = [];
  while (rows.length < limit && upper > floor) {
    const need = limit - rows.length;
    const { sql, values } = hoursSql(guide, hourOf(floor), upper, need, p);
    const hours = (await run<{ hour: number | string; n: number | string }>(sql, values)).map((h) => ({ hour: Number(h.hour), n: Number(h.n) }));
    if (hours.length === 0) break;
    let low = hours[hours.length - 1]!.hour;
    let counted = 0;
    for (const h of hours) {
      counted += h.n;
      if (counted >= need) {
        low = h.hour;
        break;
      }
    }
    const top = hours[0]!.hour + HOUR_MS;
    rows.push(...(await page({ ...filter, from: Math.max(low, floor), to: Math.min(top, upper) }, need)));
    upper = low;
  }
  return rows;
}
