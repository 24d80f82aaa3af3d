import type { Usage } from '../neutral/usage';
import type { AnthropicUsage } from './anthropic-api';

/**
 * Anthropic usage → neutral. Anthropic's `input_tokens` excludes cache reads and
 * writes; neutral `inputTokens` includes them.
 */
export function usageFromAnthropic(usage: AnthropicUsage | null | undefined): Usage | undefined {
  if (!usage) return undefined;
  const out: Usage = {};
  const read = usage.cache_read_input_tokens ?? undefined;
  const write = usage.cache_creation_input_tokens ?? undefined;
  if (usage.input_tokens != null) out.inputTokens = usage.input_tokens + (read ?? 0) + (write ?? 0);
  if (usage.output_tokens != null) out.outputTokens = usage.output_tokens;
  const thinking = usage.output_tokens_details?.thinking_tokens;
  if (thinking != null) out.reasoningTokens = thinking;
  if (read !== undefined) out.cachedInputTokens = read;
  if (write !== undefined) out.cacheWriteTokens = write;
  const hour = usage.cache_creation?.ephemeral_1h_input_tokens;
  if (hour != null) out.cacheWrite1hTokens = hour;
  return Object.keys(out).length > 0 ? out : undefined;
}

export interface AnthropicWireUsage {
  input_tokens: number | null;
  output_tokens: number;
  cache_creation_input_tokens: number | null;
  cache_read_input_tokens: number | null;
  cache_creation?: { ephemeral_5m_input_tokens: number; ephemeral_1h_input_tokens: number };
  output_tokens_details?: { thinking_tokens: number };
}

/** Neutral usage → Anthropic's (input without the cached part). Unknown counters are null; output is 0 when unknown. */
export function usageToAnthropic(usage: Usage | undefined): AnthropicWireUsage {
  const read = usage?.cachedInputTokens;
  const write = usage?.cacheWriteTokens;
  const input = usage?.inputTokens;
  const wire: AnthropicWireUsage = {
    input_tokens: input === undefined ? null : Math.max(0, input - (read ?? 0) - (write ?? 0)),
    output_tokens: usage?.outputTokens ?? 0,
    cache_creation_input_tokens: write ?? null,
    cache_read_input_tokens: read ?? null,
  };
  const hour = usage?.cacheWrite1hTokens;
  if (write !== undefined && hour !== undefined)
    wire.cache_creation = { ephemeral_5m_input_tokens: Math.max(0, write - hour), ephemeral_1h_input_tokens: hour };
  if (usage?.reasoningTokens !== undefined) wire.output_tokens_details = { thinking_tokens: usage.reasoningTokens };
  return wire;
}
