import type { AttemptReport } from '@bench/client';
import type { Plan } from '@bench/router';

/** How a caller posts a verdict on a call: told in every reply. */
export function verdictHint(call: string): Record<string, unknown> {
  return { post: '/bench/verdict', body: { call, useful: true, note: 'optional' } };
}

export interface RouteBenchInput {
  plan: Plan;
  collection?: string;
  call: string;
  alias: string | undefined;
  attempts: readonly AttemptReport[];
}

/** The route reply's `bench` object (DESIGN.md, "Replies"). */
export function routeBench({ plan, collection, call, alias, attempts }: RouteBenchInput): Record<string, unknown> {
  // One entry per member left behind (its last error): a retried member is still one failover.
  const failedOver = [...new Map(attempts.filter((attempt) => !attempt.ok && attempt.alias !== alias).map((attempt) => [attempt.alias, attempt])).values()];
  return {
    ...(collection ? { collection } : {}),
    reply: 'route',
    conversation: plan.conversation,
    call,
    ...(alias ? { alias } : {}),
    turn: plan.turn,
    ...(failedOver.length
      ? { failed_over: failedOver.map((attempt) => ({ alias: attempt.alias, error: attempt.error?.message ?? 'failed' })) }
      : {}),
    ...(plan.skipped.length ? { skipped: plan.skipped.map((skip) => ({ alias: skip.alias, why: skip.why })) } : {}),
    verdict: verdictHint(call),
  };
}
