import type { Usage } from '../neutral/usage';
import type { UsageWire } from './openai-responses-api';

/** Responses usage → neutral (same convention: input counts cached tokens, output counts reasoning tokens). */
export function parseOpenAIResponsesUsage(usage: UsageWire): Usage | undefined {
  if (!usage) return undefined;
  const out: Usage = {};
  if (typeof usage.input_tokens === 'number') out.inputTokens = usage.input_tokens;
  if (typeof usage.output_tokens === 'number') out.outputTokens = usage.output_tokens;
  const reasoning = usage.output_tokens_details?.reasoning_tokens;
  if (typeof reasoning === 'number') out.reasoningTokens = reasoning;
  const cached = usage.input_tokens_details?.cached_tokens;
  if (typeof cached === 'number') out.cachedInputTokens = cached;
  return out;
}

/** Neutral usage → the Responses usage object, every field present as the SDKs expect. */
export function formatOpenAIResponsesUsage(usage: Usage | undefined): Record<string, unknown> {
  const input = usage?.inputTokens ?? 0;
  const output = usage?.outputTokens ?? 0;
  return {
    input_tokens: input,
    input_tokens_details: { cached_tokens: usage?.cachedInputTokens ?? 0 },
    output_tokens: output,
    output_tokens_details: { reasoning_tokens: usage?.reasoningTokens ?? 0 },
    total_tokens: input + output,
  };
}

/** The usage JSON as text, built directly (the stream encoder's hot path). */
export function usageJSON(usage: Usage | undefined): string {
  const input = usage?.inputTokens ?? 0;
  const output = usage?.outputTokens ?? 0;
  return `{"input_tokens":${input},"input_tokens_details":{"cached_tokens":${usage?.cachedInputTokens ?? 0}},"output_tokens":${output},"output_tokens_details":{"reasoning_tokens":${usage?.reasoningTokens ?? 0}},"total_tokens":${input + output}}`;
}
