import type { CallUsage } from '../call-record';
import { isOptionalCount, optionalCount, requireObject } from './fields';

const COUNTS = ['inputTokens', 'outputTokens', 'reasoningTokens', 'cachedInputTokens', 'cacheWriteTokens', 'cacheWrite1hTokens'] as const;

export function validateUsage(value: unknown, field: string): CallUsage | undefined {
  if (value === undefined) return undefined;
  const usage = requireObject(value, field);
  // This runs for every recorded call and turn: each field read by its name (reads by a computed name measured several
  // times slower), and field names built only to say which one failed.
  const valid =
    isOptionalCount(usage.inputTokens) &&
    isOptionalCount(usage.outputTokens) &&
    isOptionalCount(usage.reasoningTokens) &&
    isOptionalCount(usage.cachedInputTokens) &&
    isOptionalCount(usage.cacheWriteTokens) &&
    isOptionalCount(usage.cacheWrite1hTokens);
  if (!valid) for (const name of COUNTS) optionalCount(usage[name], `${field}.${name}`);
  return usage as CallUsage;
}
