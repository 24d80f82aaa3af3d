/** Price per million tokens, as in the gateway config's `models.X.price`. */
export interface Price {
  input: number;
  output: number;
  /** Input tokens read from the prompt cache; `input` when absent. */
  cacheRead?: number;
  /** Input tokens written to the prompt cache (Anthropic's cache_creation); `input` when absent. */
  cacheWrite?: number;
  /** Input tokens written to the prompt cache for an hour (Anthropic `ttl: "1h"`); `cacheWrite` when absent. */
  cacheWrite1h?: number;
  /** Rates for a whole call whose input is over a threshold (see `LongContextPrice`). */
  longContext?: LongContextPrice;
}

/**
 * The long-context tier many providers publish (Claude Sonnet and Gemini Pro
 * past 200K input tokens, OpenAI's largest models past 272K): a call whose
 * input tokens, cache reads and writes included, are more than `above` is
 * billed at these rates, all of it, not only the tokens past the line. A
 * cache rate the tier leaves out is the base price's scaled as `input` is
 * (each of those providers moves its cache rates with its input rate).
 */
export interface LongContextPrice {
  above: number;
  input: number;
  output: number;
  cacheRead?: number;
  cacheWrite?: number;
  cacheWrite1h?: number;
}
