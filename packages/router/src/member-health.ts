import type { MaybePromise } from './maybe-promise';
import type { Member } from './member';
import { healthState, type MemberHealth } from './stores/health-store';

/** Members cooling down now, and those whose circuit is half-open (a probe is due). */
export function classifyHealth(
  eligible: readonly Member[],
  health: ReadonlyMap<string, MemberHealth>,
  now: number,
): { cooling: Set<string>; halfOpen: Set<string> } {
  const cooling = new Set<string>();
  const halfOpen = new Set<string>();
  if (health.size === 0) return { cooling, halfOpen };
  for (const member of eligible) {
    const state = healthState(health.get(member.alias), now);
    if (state === 'cooling') cooling.add(member.alias);
    else if (state === 'half-open') halfOpen.add(member.alias);
  }
  return { cooling, halfOpen };
}

/**
 * Claims the probe of each half-open member that would be tried this turn
 * (within the first `maxMembers`); the others, and those another caller is
 * probing, are held back with the cooling members.
 */
export async function claimProbes(
  order: readonly Member[],
  halfOpen: ReadonlySet<string>,
  maxMembers: number,
  claim: (alias: string) => MaybePromise<boolean>,
): Promise<{ probes: Set<string>; held: Set<string> }> {
  const probes = new Set<string>();
  const held = new Set<string>();
  if (halfOpen.size === 0) return { probes, held };
  let slots = maxMembers;
  for (const member of order) {
    if (!halfOpen.has(member.alias)) {
      slots -= 1;
    } else if (slots > 0 && (await claim(member.alias))) {
      probes.add(member.alias);
      slots -= 1;
    } else {
      held.add(member.alias);
    }
  }
  return { probes, held };
}
