import type { Price } from './call-record';

/**
 * Cost of a call from its price per million tokens. Input tokens include cached
 * ones and output tokens include reasoning ones (`@bench/formats` usage), so
 * both are billed once, at the price given.
 */
export function callCost(inputTokens: number, outputTokens: number, price: Price | undefined): number | null {
  if (!price) return null;
  return (inputTokens * price.input + outputTokens * price.output) / 1_000_000;
}
