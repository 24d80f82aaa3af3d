import { LedgerInputError } from '../errors/ledger-input-error';
import { isAmount, isOptionalAmount, optionalAmount, optionalCount, requireObject } from './fields';

const RATES = ['input', 'output'] as const;
const CACHE_RATES = ['cacheRead', 'cacheWrite', 'cacheWrite1h'] as const;

/** Checks a price per million tokens and its long-context tier; throws naming the first bad field. */
export function validatePrice(value: unknown, field: string): void {
  const price = requireRates(value, field);
  if (price.longContext === undefined) return;
  const tier = requireRates(price.longContext, `${field}.longContext`);
  if (tier.above === undefined) throw new LedgerInputError(`${field}.longContext.above`, 'is required: the input tokens past which the tier applies');
  optionalCount(tier.above, `${field}.longContext.above`);
}

// This runs for every recorded call: fields read by their names, and field names built only to say which one failed.
function requireRates(value: unknown, field: string): Record<string, unknown> {
  const price = requireObject(value, field);
  const valid =
    isAmount(price.input) &&
    isAmount(price.output) &&
    isOptionalAmount(price.cacheRead) &&
    isOptionalAmount(price.cacheWrite) &&
    isOptionalAmount(price.cacheWrite1h);
  if (valid) return price;
  for (const rate of RATES) {
    if (price[rate] === undefined) throw new LedgerInputError(`${field}.${rate}`, 'is required in a price');
    if (!isAmount(price[rate])) optionalAmount(price[rate], `${field}.${rate}`);
  }
  for (const rate of CACHE_RATES) if (price[rate] !== undefined && !isAmount(price[rate])) optionalAmount(price[rate], `${field}.${rate}`);
  return price;
}
