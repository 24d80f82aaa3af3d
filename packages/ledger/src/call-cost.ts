import type { CallUsage, Price } from './call-record';
import { priceForInput } from './long-context-price';

/** A call's tokens as billed: `cacheRead` and `cacheWrite` are parts of `input` (`@bench/formats` usage), `cacheWrite1h` part of `cacheWrite`. */
export interface BilledTokens {
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
  cacheWrite1h?: number;
}

/**
 * Cost of a call from its price per million tokens. Output tokens include
 * reasoning ones, billed once at `output`; input tokens read from or written
 * to the prompt cache are billed at `cacheRead` / `cacheWrite` where the price
 * sets them, else at `input`, and writes that last an hour at `cacheWrite1h`
 * (else as other writes). Cache counts beyond the input count (an upstream
 * that reports them apart) are capped at it, so no token is billed twice. A
 * call over the price's long-context threshold is billed at that tier's rates.
 */
export function callCost(tokens: BilledTokens, given: Price | undefined): number | null {
  if (!given) return null;
  const price = priceForInput(given, tokens.input);
  const cacheRead = Math.min(tokens.cacheRead, tokens.input);
  const cacheWrite = Math.min(tokens.cacheWrite, tokens.input - cacheRead);
  const hour = Math.min(tokens.cacheWrite1h ?? 0, cacheWrite);
  const uncached = tokens.input - cacheRead - cacheWrite;
  const writePrice = price.cacheWrite ?? price.input;
  const inputCost =
    uncached * price.input + cacheRead * (price.cacheRead ?? price.input) + (cacheWrite - hour) * writePrice + hour * (price.cacheWrite1h ?? writePrice);
  return (inputCost + tokens.output * price.output) / 1_000_000;
}

/** A call's usage (`@bench/formats` counts) as the tokens it is billed for. */
export function billedTokens(usage: CallUsage | undefined): Required<BilledTokens> {
  return {
    input: usage?.inputTokens ?? 0,
    output: usage?.outputTokens ?? 0,
    cacheRead: usage?.cachedInputTokens ?? 0,
    cacheWrite: usage?.cacheWriteTokens ?? 0,
    cacheWrite1h: usage?.cacheWrite1hTokens ?? 0,
  };
}

/**
 * What a call cost in dollars, from its usage and its model's price, as the
 * ledger records it: null when the price is unknown. Rounded to a billionth
 * of a dollar, so a reply does not show float noise.
 */
export function usageCost(usage: CallUsage | undefined, price: Price | undefined): number | null {
  if (!price) return null;
  const cost = callCost(billedTokens(usage), price)!;
  return Math.round(cost * 1e9) / 1e9;
}
