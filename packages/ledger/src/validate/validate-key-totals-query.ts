import { LedgerInputError } from '../errors/ledger-input-error';
import type { KeyTotalsQuery } from '../key-totals';
import { HOUR_MS } from '../totals';
import { describe, requireObject, requireString } from './fields';

/** Checks a key totals query: a key name, and `from` at a whole UTC hour (the totals are hourly); throws `LedgerInputError` naming the bad field. */
export function validateKeyTotalsQuery(value: unknown): KeyTotalsQuery {
  const query = requireObject(value, 'query');
  requireString(query.key, 'query.key');
  if (!Number.isSafeInteger(query.from) || (query.from as number) < 0 || (query.from as number) % HOUR_MS !== 0) {
    throw new LedgerInputError('query.from', `must be the epoch milliseconds of a whole UTC hour (the totals are kept per hour), got ${describe(query.from)}`);
  }
  return { key: query.key as string, from: query.from as number };
}
