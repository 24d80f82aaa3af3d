import type { ModelStats } from '../model-stats';
import type { StatsDelta } from '../stats-delta';

export function emptyStats(alias: string, collection: string | null): ModelStats {
  return {
    alias,
    collection,
    useful: 0,
    verdicts: 0,
    calls: 0,
    failures: 0,
    lastUsed: null,
    tokens: { input: 0, output: 0, reasoning: 0, cached: 0, cacheWrite: 0 },
    cost: 0,
  };
}

export function addDelta(stats: ModelStats, delta: StatsDelta): ModelStats {
  stats.calls += delta.calls;
  stats.failures += delta.failures;
  stats.lastUsed = Math.max(stats.lastUsed ?? delta.lastUsed, delta.lastUsed);
  stats.tokens.input += delta.inputTokens;
  stats.tokens.output += delta.outputTokens;
  stats.tokens.reasoning += delta.reasoningTokens;
  stats.tokens.cached += delta.cachedTokens;
  stats.tokens.cacheWrite += delta.cacheWriteTokens;
  stats.cost += delta.cost;
  return stats;
}

/** Per-collection rows summed per alias (collection null: every collection). */
export function sumStats(rows: ModelStats[]): ModelStats[] {
  const byAlias = new Map<string, ModelStats>();
  for (const row of rows) {
    const sum = byAlias.get(row.alias) ?? emptyStats(row.alias, null);
    sum.useful += row.useful;
    sum.verdicts += row.verdicts;
    sum.calls += row.calls;
    sum.failures += row.failures;
    sum.lastUsed = row.lastUsed === null ? sum.lastUsed : Math.max(sum.lastUsed ?? row.lastUsed, row.lastUsed);
    sum.tokens.input += row.tokens.input;
    sum.tokens.output += row.tokens.output;
    sum.tokens.reasoning += row.tokens.reasoning;
    sum.tokens.cached += row.tokens.cached;
    sum.tokens.cacheWrite += row.tokens.cacheWrite;
    sum.cost += row.cost;
    byAlias.set(row.alias, sum);
  }
  return [...byAlias.values()];
}
