import type { Usage } from '@bench/formats';

const FIELDS = ['inputTokens', 'outputTokens', 'reasoningTokens', 'cachedInputTokens', 'cacheWriteTokens', 'cacheWrite1hTokens'] as const;

/** Adds usages field by field; a field none of them has stays absent. */
export function addUsage(usages: ReadonlyArray<Usage | undefined>): Usage {
  const total: Usage = {};
  for (const usage of usages) {
    if (!usage) continue;
    for (const field of FIELDS) {
      const value = usage[field];
      if (value !== undefined) total[field] = (total[field] ?? 0) + value;
    }
  }
  return total;
}
