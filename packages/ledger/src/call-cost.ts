import type { Price } from './call-record';

/** A call's tokens as billed: `cacheRead` and `cacheWrite` are parts of `input` (`@bench/formats` usage). */
export interface BilledTokens {
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
}

/**
 * Cost of a call from its price per million tokens. Output tokens include
 * reasoning ones, billed once at `output`; input tokens read from or written
 * to the prompt cache are billed at `cacheRead` / `cacheWrite` where the price
 * sets them, else at `input`. Cache counts beyond the input count (an upstream
 * that reports them apart) are capped at it, so no token is billed twice.
 */
export function callCost(tokens: BilledTokens, price: Price | undefined): number | null {
  if (!price) return null;
  const cacheRead = Math.min(tokens.cacheRead, tokens.input);
  const cacheWrite = Math.min(tokens.cacheWrite, tokens.input - cacheRead);
  const uncached = tokens.input - cacheRead - cacheWrite;
  const inputCost = uncached * price.input + cacheRead * (price.cacheRead ?? price.input) + cacheWrite * (price.cacheWrite ?? price.input);
  return (inputCost + tokens.output * price.output) / 1_000_000;
}
