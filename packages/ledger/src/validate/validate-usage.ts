import type { CallUsage } from '../call-record';
import { isCount, optionalCount, requireObject } from './fields';

const COUNTS = ['inputTokens', 'outputTokens', 'reasoningTokens', 'cachedInputTokens', 'cacheWriteTokens', 'cacheWrite1hTokens'] as const;

export function validateUsage(value: unknown, field: string): CallUsage | undefined {
  if (value === undefined) return undefined;
  const usage = requireObject(value, field);
  // Field names are built only on a failure: this runs for every recorded call.
  for (const name of COUNTS) if (usage[name] !== undefined && !isCount(usage[name])) optionalCount(usage[name], `${field}.${name}`);
  return usage as CallUsage;
}
