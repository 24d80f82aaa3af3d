import type { CallResult } from '@bench/client';
import type { Failover } from '../events/engine-events';

/**
 * Each change of member within a route turn's attempts: who failed, who took over, and why (the failed attempt's
 * error kind). A retry of the same member is no failover; a member that finished another's cut stream is one, after
 * the first piece (`continuation`).
 */
export function routeFailovers(result: CallResult, collection: string | undefined, keyName: string): Failover[] {
  const failovers: Failover[] = [];
  const { attempts } = result;
  for (let index = 1; index < attempts.length; index += 1) {
    const from = attempts[index - 1]!;
    const to = attempts[index]!;
    if (from.alias === to.alias) continue;
    const failover: Failover = { from: from.alias, to: to.alias, reason: from.error?.kind ?? 'error', continuation: to.continues !== undefined, keyName };
    if (collection !== undefined) failover.collection = collection;
    failovers.push(failover);
  }
  return failovers;
}
