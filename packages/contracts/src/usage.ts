/**
 * Token usage. `inputTokens` counts every input token, cached or not (OpenAI's
 * convention); Anthropic's `input_tokens` excludes cache reads and writes, and
 * its codec converts both ways.
 */
export interface Usage {
  inputTokens?: number;
  outputTokens?: number;
  /** Part of `outputTokens` spent on reasoning. */
  reasoningTokens?: number;
  /** Part of `inputTokens` read from the prompt cache. */
  cachedInputTokens?: number;
  /** Part of `inputTokens` written to the prompt cache (Anthropic). */
  cacheWriteTokens?: number;
  /** Part of `cacheWriteTokens` written for an hour (Anthropic `ttl: "1h"`), priced above the 5-minute writes. */
  cacheWrite1hTokens?: number;
}
