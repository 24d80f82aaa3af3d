import type { CallRecord } from './call-record';
import { isFailure } from './to-call-record';

/** What a batch of new calls adds to one (collection, alias) summary row; collection '' is bare-alias calls. */
export interface StatsDelta {
  collection: string;
  alias: string;
  calls: number;
  failures: number;
  lastUsed: number;
  inputTokens: number;
  outputTokens: number;
  reasoningTokens: number;
  cachedTokens: number;
  cacheWriteTokens: number;
  cost: number;
}

/** Sums calls per (collection, alias), sorted so concurrent writers lock summary rows in one order. */
export function statsDeltas(calls: Iterable<CallRecord>): StatsDelta[] {
  const deltas = new Map<string, StatsDelta>();
  for (const call of calls) {
    const collection = call.collection ?? '';
    const key = `${collection}\u0000${call.alias}`;
    let delta = deltas.get(key);
    if (!delta) {
      delta = {
        collection,
        alias: call.alias,
        calls: 0,
        failures: 0,
        lastUsed: call.time,
        inputTokens: 0,
        outputTokens: 0,
        reasoningTokens: 0,
        cachedTokens: 0,
        cacheWriteTokens: 0,
        cost: 0,
      };
      deltas.set(key, delta);
    }
    delta.calls += 1;
    if (isFailure(call.status)) delta.failures += 1;
    delta.lastUsed = Math.max(delta.lastUsed, call.time);
    delta.inputTokens += call.inputTokens;
    delta.outputTokens += call.outputTokens;
    delta.reasoningTokens += call.reasoningTokens;
    delta.cachedTokens += call.cachedTokens;
    delta.cacheWriteTokens += call.cacheWriteTokens;
    delta.cost += call.cost ?? 0;
  }
  return [...deltas.values()].sort((a, b) => (a.collection === b.collection ? cmp(a.alias, b.alias) : cmp(a.collection, b.collection)));
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
