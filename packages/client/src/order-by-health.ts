import { isCooling, type HealthRecord } from './health/health-store';
import type { ModelTarget } from './model-target';

/** Candidates in the given order, except that cooling ones go last (still tried, in their own order). */
export function orderByHealth(candidates: readonly ModelTarget[], records: Map<string, HealthRecord>, now: number): ModelTarget[] {
  const fresh: ModelTarget[] = [];
  const cooling: ModelTarget[] = [];
  for (const candidate of candidates) (isCooling(records.get(candidate.alias), now) ? cooling : fresh).push(candidate);
  return [...fresh, ...cooling];
}
