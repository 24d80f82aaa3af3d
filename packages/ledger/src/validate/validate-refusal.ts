import { LedgerInputError } from '../errors/ledger-input-error';
import { REFUSAL_LIMITS, REFUSAL_SCOPES, type RefusalInput, type RefusalsQuery } from '../refusals';
import { describe, optionalAmount, optionalString, requireObject, requireOneOf, requireString } from './fields';

/** Checks a refusal; throws `LedgerInputError` naming the first bad field. */
export function validateRefusal(value: unknown): RefusalInput {
  const refusal = requireObject(value, 'refusal');
  requireString(refusal.keyName, 'refusal.keyName');
  optionalString(refusal.collection, 'refusal.collection');
  optionalAmount(refusal.time, 'refusal.time');
  requireOneOf(refusal.scope, REFUSAL_SCOPES, 'refusal.scope');
  requireOneOf(refusal.limit, REFUSAL_LIMITS, 'refusal.limit');
  return refusal as unknown as RefusalInput;
}

/** Checks a refusals query: `from` and `to` epoch ms, `from` not after `to`. */
export function validateRefusalsQuery(value: unknown): RefusalsQuery {
  const query = requireObject(value, 'query');
  for (const field of ['from', 'to'] as const) {
    if (!Number.isSafeInteger(query[field]) || (query[field] as number) < 0) {
      throw new LedgerInputError(`query.${field}`, `must be epoch milliseconds, got ${describe(query[field])}`);
    }
  }
  if ((query.from as number) > (query.to as number)) throw new LedgerInputError('query.to', 'must not be before query.from');
  return { from: query.from as number, to: query.to as number };
}
