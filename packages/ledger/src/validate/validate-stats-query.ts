import { LedgerInputError } from '../errors/ledger-input-error';
import type { RecordsQuery } from '../model-record';
import type { StatsQuery } from '../model-stats';
import { HOUR_MS } from '../totals';
import { describe, optionalString, requireObject } from './fields';

/** Checks a stats query; throws `LedgerInputError` naming the bad field. */
export function validateStatsQuery(value: unknown): StatsQuery {
  const query = requireObject(value, 'query');
  optionalString(query.collection, 'query.collection');
  optionalString(query.key, 'query.key');
  for (const field of ['from', 'to'] as const) {
    const time = query[field];
    if (time === undefined) continue;
    if (typeof time !== 'number' || !Number.isSafeInteger(time) || time < 0) {
      throw new LedgerInputError(`query.${field}`, `must be epoch milliseconds (a whole number ≥ 0), got ${describe(time)}`);
    }
    if (time % HOUR_MS !== 0) {
      throw new LedgerInputError(`query.${field}`, `must fall on a whole UTC hour (stats are kept per hour), got ${new Date(time).toISOString()}`);
    }
  }
  if (typeof query.from === 'number' && typeof query.to === 'number' && query.from > query.to) {
    throw new LedgerInputError('query.from', `is after query.to (${query.from} > ${query.to})`);
  }
  return query as StatsQuery;
}

/** Checks a records query; throws `LedgerInputError` naming the bad field. */
export function validateRecordsQuery(value: unknown): RecordsQuery {
  const query = requireObject(value, 'query');
  optionalString(query.collection, 'query.collection');
  optionalString(query.alias, 'query.alias');
  return query as RecordsQuery;
}
