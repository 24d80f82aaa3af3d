import type { MemberHealth } from './health-store';

/** The health of those aliases that have any, from all the states a store holds. */
export function pickHealth(states: ReadonlyMap<string, MemberHealth>, aliases: readonly string[]): ReadonlyMap<string, MemberHealth> {
  if (states.size === 0) return states;
  const found = new Map<string, MemberHealth>();
  for (const alias of aliases) {
    const health = states.get(alias);
    if (health !== undefined) found.set(alias, health);
  }
  return found;
}
