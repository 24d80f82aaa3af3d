import { LedgerInputError } from '../errors/ledger-input-error';
import type { SpendQuery } from '../spend-query';
import { describe, requireObject, requireString } from './fields';

/** Checks a spend query: a key or a collection (not both), and `from` in epoch ms; throws `LedgerInputError` naming the bad field. */
export function validateSpendQuery(value: unknown): SpendQuery {
  const query = requireObject(value, 'query');
  if ((query.key === undefined) === (query.collection === undefined)) {
    throw new LedgerInputError('query', 'names a key or a collection: one of them');
  }
  if (query.key !== undefined) requireString(query.key, 'query.key');
  else requireString(query.collection, 'query.collection');
  if (!Number.isSafeInteger(query.from) || (query.from as number) < 0) {
    throw new LedgerInputError('query.from', `must be epoch milliseconds (a whole number ≥ 0), got ${describe(query.from)}`);
  }
  return query as SpendQuery;
}
