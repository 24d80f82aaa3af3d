import type { Usage } from '../neutral/usage';
import type { WireUsage } from './openai-chat-api';

/** OpenAI's convention is the neutral one: prompt_tokens includes cached tokens, completion_tokens includes reasoning. */
export function parseOpenAIChatUsage(wire: WireUsage): Usage {
  const usage: Usage = {};
  if (typeof wire.prompt_tokens === 'number') usage.inputTokens = wire.prompt_tokens;
  if (typeof wire.completion_tokens === 'number') usage.outputTokens = wire.completion_tokens;
  const reasoning = wire.completion_tokens_details?.reasoning_tokens;
  if (typeof reasoning === 'number') usage.reasoningTokens = reasoning;
  const cached = wire.prompt_tokens_details?.cached_tokens;
  if (typeof cached === 'number') usage.cachedInputTokens = cached;
  const written = wire.prompt_tokens_details?.cache_write_tokens;
  if (typeof written === 'number') usage.cacheWriteTokens = written;
  return usage;
}

export interface WireUsageOut {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
  prompt_tokens_details?: { cached_tokens?: number; cache_write_tokens?: number };
  completion_tokens_details?: { reasoning_tokens: number };
}

/** Cache writes go in `prompt_tokens_details.cache_write_tokens` (OpenRouter's field, read by the AI SDK). */
export function formatOpenAIChatUsage(usage: Usage): WireUsageOut {
  const input = usage.inputTokens ?? 0;
  const output = usage.outputTokens ?? 0;
  const wire: WireUsageOut = { prompt_tokens: input, completion_tokens: output, total_tokens: input + output };
  if (usage.cachedInputTokens !== undefined || usage.cacheWriteTokens !== undefined) {
    wire.prompt_tokens_details = {
      ...(usage.cachedInputTokens !== undefined ? { cached_tokens: usage.cachedInputTokens } : {}),
      ...(usage.cacheWriteTokens !== undefined ? { cache_write_tokens: usage.cacheWriteTokens } : {}),
    };
  }
  if (usage.reasoningTokens !== undefined) wire.completion_tokens_details = { reasoning_tokens: usage.reasoningTokens };
  return wire;
}
