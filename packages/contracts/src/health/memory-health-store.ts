import { afterFailure, HEALTHY, type CooldownSettings, type HealthStore, type MemberHealth } from './health-store';

/** Cooldowns in this process (one entry per member alias that has failed). */
export function createMemoryHealthStore(): HealthStore {
  const states = new Map<string, MemberHealth>();
  const empty: ReadonlyMap<string, MemberHealth> = new Map();

  return {
    read(aliases: readonly string[]): ReadonlyMap<string, MemberHealth> {
      if (states.size === 0) return empty;
      const found = new Map<string, MemberHealth>();
      for (const alias of aliases) {
        const health = states.get(alias);
        if (health !== undefined) found.set(alias, health);
      }
      return found;
    },
    claimProbe(alias: string, now: number, holdMs: number): boolean {
      const health = states.get(alias);
      if (health === undefined || health.openUntil === 0 || health.openUntil > now || health.probeUntil > now) {
        return false;
      }
      states.set(alias, { ...health, probeUntil: now + holdMs });
      return true;
    },
    releaseProbe(alias: string): void {
      const health = states.get(alias);
      if (health !== undefined && health.probeUntil > 0) states.set(alias, { ...health, probeUntil: 0 });
    },
    succeeded(alias: string): void {
      states.delete(alias);
    },
    failed(alias: string, now: number, cooldown: CooldownSettings): void {
      states.set(alias, afterFailure(states.get(alias) ?? HEALTHY, now, cooldown));
    },
    rateLimited(alias: string, until: number): void {
      const health = states.get(alias) ?? HEALTHY;
      states.set(alias, { ...health, limitedUntil: Math.max(health.limitedUntil, until) });
    },
  };
}
