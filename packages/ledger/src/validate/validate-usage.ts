import type { CallUsage } from '../call-record';
import { optionalCount, requireObject } from './fields';

export function validateUsage(value: unknown, field: string): CallUsage | undefined {
  if (value === undefined) return undefined;
  const usage = requireObject(value, field);
  optionalCount(usage.inputTokens, `${field}.inputTokens`);
  optionalCount(usage.outputTokens, `${field}.outputTokens`);
  optionalCount(usage.reasoningTokens, `${field}.reasoningTokens`);
  optionalCount(usage.cachedInputTokens, `${field}.cachedInputTokens`);
  optionalCount(usage.cacheWriteTokens, `${field}.cacheWriteTokens`);
  optionalCount(usage.cacheWrite1hTokens, `${field}.cacheWrite1hTokens`);
  return usage as CallUsage;
}
