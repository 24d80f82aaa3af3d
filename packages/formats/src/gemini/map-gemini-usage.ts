import type { Usage } from '../neutral/usage';
import type { GeminiUsage } from './gemini-reply-api';

/**
 * Gemini usageMetadata → neutral. Gemini's candidatesTokenCount excludes
 * thoughtsTokenCount; neutral outputTokens includes reasoning.
 */
export function mapGeminiUsage(usage: GeminiUsage | null | undefined): Usage | undefined {
  if (!usage) return undefined;
  const out: Usage = {};
  const candidates = usage.candidatesTokenCount ?? undefined;
  const thoughts = usage.thoughtsTokenCount ?? undefined;
  if (usage.promptTokenCount != null) out.inputTokens = usage.promptTokenCount;
  if (candidates !== undefined || thoughts !== undefined) out.outputTokens = (candidates ?? 0) + (thoughts ?? 0);
  if (thoughts !== undefined) out.reasoningTokens = thoughts;
  if (usage.cachedContentTokenCount != null) out.cachedInputTokens = usage.cachedContentTokenCount;
  return out;
}

/** Neutral usage → Gemini usageMetadata. */
export function toGeminiUsage(usage: Usage): Record<string, number> {
  const out: Record<string, number> = {};
  const input = usage.inputTokens;
  const output = usage.outputTokens;
  const reasoning = usage.reasoningTokens;
  if (input !== undefined) out.promptTokenCount = input;
  if (output !== undefined) out.candidatesTokenCount = Math.max(0, output - (reasoning ?? 0));
  if (reasoning !== undefined) out.thoughtsTokenCount = reasoning;
  if (usage.cachedInputTokens !== undefined) out.cachedContentTokenCount = usage.cachedInputTokens;
  if (input !== undefined || output !== undefined) out.totalTokenCount = (input ?? 0) + (output ?? 0);
  return out;
}
