import { healthState, type MemberHealth } from '@bench/contracts';
import type { ModelTarget } from './model-target';

/** Candidates in the given order, except that cooling ones go last (still tried, in their own order). */
export function orderByHealth(candidates: readonly ModelTarget[], health: ReadonlyMap<string, MemberHealth>, now: number): ModelTarget[] {
  const fresh: ModelTarget[] = [];
  const cooling: ModelTarget[] = [];
  for (const candidate of candidates) (healthState(health.get(candidate.alias), now) === 'cooling' ? cooling : fresh).push(candidate);
  return [...fresh, ...cooling];
}
