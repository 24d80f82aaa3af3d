import type { MaybePromise } from '../maybe-promise';

/** When a member is cooled down after failures. */
export interface CooldownSettings {
  /** Consecutive failures that open the circuit (default 3). */
  afterFailures: number;
  /** How long an open circuit cools before one probe is let through (default 30 s). */
  forMs: number;
}

/** A member's health. Times are epoch ms; 0 means not set. */
export interface MemberHealth {
  /** Consecutive failures while the circuit is closed. */
  failures: number;
  /** Set when the circuit opened: cooling until then, half-open (one probe) after. */
  openUntil: number;
  /** Half-open: a probe is out until then; others wait. */
  probeUntil: number;
  /** Rate limited until then (its retry-after). */
  limitedUntil: number;
}

/**
 * Cooldowns and circuit state per member alias, shared by every collection: the one health store that
 * `@bench/router` plans by and `@bench/client` orders its candidates by. A store in memory may answer at once.
 */
export interface HealthStore {
  /** The health of those aliases that have any (others are healthy). */
  read(aliases: readonly string[], now: number): MaybePromise<ReadonlyMap<string, MemberHealth>>;
  /** Half-open circuit: lets one caller probe, until `now + holdMs`. True for the caller that got it. */
  claimProbe(alias: string, now: number, holdMs: number): MaybePromise<boolean>;
  /** A probe that was planned but never tried: another caller may probe now. */
  releaseProbe(alias: string): MaybePromise<void>;
  /** The member answered: circuit closed, failures forgotten. */
  succeeded(alias: string): MaybePromise<void>;
  /** The member failed: counts toward opening the circuit; a failed probe reopens it. */
  failed(alias: string, now: number, cooldown: CooldownSettings): MaybePromise<void>;
  /** The member was rate limited: cooling until `until`. */
  rateLimited(alias: string, until: number): MaybePromise<void>;
}

export const HEALTHY: Readonly<MemberHealth> = Object.freeze({ failures: 0, openUntil: 0, probeUntil: 0, limitedUntil: 0 });

/** The state after a failure (shared by the memory store; the Redis script does the same). */
export function afterFailure(health: MemberHealth, now: number, cooldown: CooldownSettings): MemberHealth {
  if (health.openUntil > 0) return { ...health, openUntil: now + cooldown.forMs, probeUntil: 0 };
  const failures = health.failures + 1;
  if (failures >= cooldown.afterFailures) return { ...health, failures: 0, openUntil: now + cooldown.forMs, probeUntil: 0 };
  return { ...health, failures };
}

export type HealthState = 'healthy' | 'cooling' | 'half-open';

/** How a member stands at `now`: cooling (rate limited or circuit open), half-open (probe due) or healthy. */
export function healthState(health: MemberHealth | undefined, now: number): HealthState {
  if (health === undefined) return 'healthy';
  if (health.limitedUntil > now || health.openUntil > now) return 'cooling';
  if (health.openUntil > 0) return health.probeUntil > now ? 'cooling' : 'half-open';
  return 'healthy';
}
