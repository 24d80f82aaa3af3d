import { type RefusalCount, type RefusalLimit, type RefusalRecord, type RefusalScope, sortRefusalCounts } from '../refusals';

/** A `refusals` row as the stores write it (one per minute, key, collection, scope and limit; collection '' for none). */
export interface RefusalRow {
  minute: number;
  key_name: string;
  collection: string;
  scope: string;
  limit_name: string;
  count: number;
}

export function refusalToRow(record: RefusalRecord & { count: number }): RefusalRow {
  return {
    minute: record.minute,
    key_name: record.keyName,
    collection: record.collection ?? '',
    scope: record.scope,
    limit_name: record.limit,
    count: record.count,
  };
}

/** The refusals in a range, summed (parameters: from, to); counts may come back as strings from Postgres. */
export const REFUSALS_SQL = (p: (n: number) => string) =>
  `SELECT key_name, collection, scope, limit_name, sum(count) AS count FROM refusals WHERE minute >= ${p(1)} AND minute < ${p(2)}
   GROUP BY key_name, collection, scope, limit_name`;

export function refusalCountsOfRows(rows: Array<Omit<RefusalRow, 'minute' | 'count'> & { count: number | string }>): RefusalCount[] {
  return sortRefusalCounts(
    rows.map((row) => ({
      keyName: row.key_name,
      collection: row.collection === '' ? null : row.collection,
      scope: row.scope as RefusalScope,
      limit: row.limit_name as RefusalLimit,
      count: Number(row.count),
    })),
  );
}
