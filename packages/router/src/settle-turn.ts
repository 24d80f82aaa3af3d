import { InvalidRouteInputError } from './errors/invalid-route-input-error';
import { isPromise } from './maybe-promise';
import type { Plan } from './plan';
import { resolveCooldown } from './resolve-settings';
import type { CooldownSettings } from './route-settings';
import type { ConversationStore } from './stores/conversation-store';
import type { HealthStore } from './stores/health-store';
import type { RecordSource } from './stores/record-source';

/** A member that failed the turn before its first piece. */
export interface FailedMember {
  alias: string;
  /** A 429: cooled for `retryAfterMs` (or the cooldown's forMs), not counted as a failure. */
  rateLimited?: boolean;
  retryAfterMs?: number;
}

/** How a turn went. */
export interface TurnOutcome {
  /** The member that answered; none when every member failed. */
  answered?: string;
  failed?: readonly FailedMember[];
  /** The collection's cooldown policy (defaults to the router's). */
  cooldown?: Partial<CooldownSettings>;
}

export interface SettleContext {
  conversations: ConversationStore;
  health: HealthStore;
  records: RecordSource;
  now: number;
  defaultCooldown: CooldownSettings;
}

/** Applies a turn's outcome; the writes go out together (one round trip with Redis). */
export async function settleTurn(context: SettleContext, plan: Plan, outcome: TurnOutcome): Promise<void> {
  const { answered, failed = [] } = outcome;
  if (answered !== undefined && !isPlanned(plan, answered)) {
    throw new InvalidRouteInputError('outcome.answered', `"${answered}" was not planned for this turn`);
  }
  failed.forEach((failure, index) => {
    if (!isPlanned(plan, failure.alias)) {
      throw new InvalidRouteInputError(`outcome.failed[${index}].alias`, `"${failure.alias}" was not planned for this turn`);
    }
    const wait = failure.retryAfterMs;
    if (wait !== undefined && !(Number.isFinite(wait) && wait >= 0)) {
      throw new InvalidRouteInputError(`outcome.failed[${index}].retryAfterMs`, 'must be a number of ms, 0 or more');
    }
  });
  const cooldown = outcome.cooldown ? resolveCooldown(outcome.cooldown, 'outcome.cooldown') : context.defaultCooldown;
  const { conversations, health, now } = context;
  const writes: unknown[] = [];
  if (answered !== undefined) {
    writes.push(health.succeeded(answered));
    if (plan.settings.sticky) {
      writes.push(conversations.assign(plan.conversation, { alias: answered, turn: plan.turn }, { ttlMs: plan.settings.stickyTtlMs, now }));
    }
    writes.push(context.records.noteUse?.(answered, now, plan.shape));
  } else if (plan.settings.sticky && plan.isNew) {
    writes.push(conversations.forget(plan.conversation));
  }
  for (const member of plan.members) {
    // A probe claimed for a member that was never tried is released for another caller.
    if (member.probe && member.alias !== answered && !failed.some((failure) => failure.alias === member.alias)) {
      writes.push(health.releaseProbe(member.alias));
    }
  }
  for (const failure of failed) {
    writes.push(
      failure.rateLimited ? health.rateLimited(failure.alias, now + (failure.retryAfterMs ?? cooldown.forMs)) : health.failed(failure.alias, now, cooldown),
    );
  }
  // Stores in memory have written already: nothing to wait for.
  const pending = writes.filter(isPromise);
  if (pending.length > 0) await Promise.all(pending);
}

function isPlanned(plan: Plan, alias: string): boolean {
  return plan.members.some((member) => member.alias === alias);
}
