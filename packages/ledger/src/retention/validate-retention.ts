import { LedgerInputError } from '../errors/ledger-input-error';
import type { LedgerOptions } from '../ledger';

/** Throws a LedgerInputError naming the first retention option the ledger cannot use. */
export function validateRetention(retention: NonNullable<LedgerOptions['retention']>): void {
  const positive = (value: unknown) => typeof value === 'number' && Number.isFinite(value) && value > 0;
  if (!positive(retention.keepMs)) throw new LedgerInputError('retention.keepMs', 'must be a positive number of milliseconds');
  if (retention.everyMs !== undefined && !positive(retention.everyMs))
    throw new LedgerInputError('retention.everyMs', 'must be a positive number of milliseconds');
  if (retention.batchSize !== undefined && !(Number.isInteger(retention.batchSize) && retention.batchSize > 0)) {
    throw new LedgerInputError('retention.batchSize', 'must be a positive whole number of rows');
  }
}
