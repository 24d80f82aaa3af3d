import type { Price } from './call-record';

type CacheRate = 'cacheRead' | 'cacheWrite' | 'cacheWrite1h';
const CACHE_RATES: readonly CacheRate[] = ['cacheRead', 'cacheWrite', 'cacheWrite1h'];

/** The rates a call is billed at: the price's own, or its long-context tier's when the input is over the tier's threshold. */
export function priceForInput(price: Price, inputTokens: number): Price {
  const tier = price.longContext;
  if (tier === undefined || inputTokens <= tier.above) return price;
  const scale = price.input > 0 ? tier.input / price.input : 1;
  const rates: Price = { input: tier.input, output: tier.output };
  for (const rate of CACHE_RATES) {
    const own = tier[rate] ?? (price[rate] === undefined ? undefined : price[rate] * scale);
    if (own !== undefined) rates[rate] = own;
  }
  return rates;
}
