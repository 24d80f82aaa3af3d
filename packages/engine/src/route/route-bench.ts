import type { AttemptReport, Continuation } from '@bench/client';
import type { Warning } from '@bench/formats';
import type { Plan } from '@bench/router';
import type { TurnShape } from '../shapes/turn-shape';

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
  /** What the answering member's request could not carry, and malformed events skipped. */
  warnings?: readonly Warning[];
  /** What the answering call cost in dollars, where its model has a price. */
  cost?: number | null;
  /** Each time the stream failed after its first piece and a member finished it. */
  continued?: readonly Continuation[] | undefined;
  shape?: TurnShape | undefined;
}

/** The route reply's `bench` object (DESIGN.md, "Replies"). */
export function routeBench({ plan, collection, call, alias, attempts, warnings, continued, shape, cost }: RouteBenchInput): Record<string, unknown> {
  // One entry per member left behind (its last error): a retried member is still one failover.
  const failedOver = failedOverOf(attempts, alias);
  // Assigned in the reply's key order (no throwaway object per optional field): this runs on every reply.
  const bench: Record<string, unknown> = {};
  if (collection) bench.collection = collection;
  bench.reply = 'route';
  bench.conversation = plan.conversation;
  bench.call = call;
  if (alias) bench.alias = alias;
  bench.turn = plan.turn;
  bench.shape = shape?.shape ?? 'general';
  bench.shape_by = shape?.by ?? 'default';
  if (cost !== undefined && cost !== null) bench.cost = cost;
  if (continued?.length)
    bench.continued = continued.map((continuation) => ({
      alias: continuation.alias,
      after: continuation.after,
      why: continuation.why,
      from: continuation.from,
    }));
  if (failedOver.length) bench.failed_over = failedOver.map((attempt) => ({ alias: attempt.alias, error: attempt.error?.message ?? 'failed' }));
  if (plan.skipped.length) bench.skipped = plan.skipped.map((skip) => ({ alias: skip.alias, why: skip.why }));
  // Translation losses, told to the caller (the ledger has them too): a sampling field a model refuses, a file a protocol cannot carry.
  if (warnings?.length)
    bench.warnings = warnings.map((warning) => (warning.path ? { path: warning.path, message: warning.message } : { message: warning.message }));
  bench.verdict = verdictHint(call);
  return bench;
}

/**
 * The last failed attempt of each member other than `alias`, in the order each member first failed. A stream that
 * failed after sending text was continued, not failed over from (`continued` names it).
 */
function failedOverOf(attempts: readonly AttemptReport[], alias: string | undefined): AttemptReport[] {
  let last: Map<string, AttemptReport> | undefined;
  for (const attempt of attempts) {
    if (attempt.ok || attempt.alias === alias || (attempt.textChars ?? 0) > 0) continue;
    (last ??= new Map()).set(attempt.alias, attempt);
  }
  return last ? [...last.values()] : [];
}
