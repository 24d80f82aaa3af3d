import type { AttemptReport, CallResult, ClientErrorKind } from '@bench/client';
import { RateLimitedError } from '@bench/client';
import type { CallInput, Ledger } from '@bench/ledger';
import type { FailedMember, Plan } from '@bench/router';
import type { GatewayConfig } from '../config/resolved-config';

export interface RouteOutcome {
  plan: Plan;
  collection?: string;
  keyName: string;
  /** The answering call's id: `<conversation>.<turn>`. */
  call: string;
  result: CallResult;
  toolCalls: number;
  /** The caller went away before the reply ended. */
  aborted: boolean;
}

/** `ok`, `aborted` (the caller went away), or the error's kind (`rate-limited`, `timeout`, …). */
function statusOf(attempt: AttemptReport, callerLeft: boolean): string {
  if (attempt.ok) return 'ok';
  if (callerLeft || attempt.error?.kind === 'aborted') return 'aborted';
  return attempt.error?.kind ?? 'error';
}

/** Every upstream attempt of a route turn as a call record: the answering one `<conversation>.<turn>`, the others `…-<k>`. */
export function routeCallRecords(config: GatewayConfig, outcome: RouteOutcome): CallInput[] {
  const { result, call } = outcome;
  let failed = 0;
  return result.attempts.map((attempt): CallInput => {
    const answering = attempt.alias === result.alias && attempt === lastAttemptOf(result.attempts, attempt.alias);
    const model = config.models[attempt.alias];
    return {
      id: answering ? call : `${call}-${++failed}`,
      purpose: 'route',
      ...(outcome.collection ? { collection: outcome.collection } : {}),
      keyName: outcome.keyName,
      alias: attempt.alias,
      ...(model ? { provider: model.provider } : {}),
      status: statusOf(attempt, answering && outcome.aborted),
      ...(attempt.error ? { errorClass: attempt.error.name, errorMessage: attempt.error.message } : {}),
      ...(answering && result.usage ? { usage: result.usage } : {}),
      ...(model?.price ? { price: model.price } : {}),
      seconds: attempt.seconds,
      ...(answering && result.firstPieceSeconds !== undefined ? { firstPieceSeconds: result.firstPieceSeconds } : {}),
      ...(answering && result.finishReason ? { finishReason: result.finishReason } : {}),
      ...(answering ? { toolCalls: outcome.toolCalls } : {}),
      ...(answering && result.warnings.length ? { warnings: result.warnings.map((warning) => warning.message) } : {}),
    };
  });
}

function lastAttemptOf(attempts: readonly AttemptReport[], alias: string): AttemptReport | undefined {
  return attempts.filter((attempt) => attempt.alias === alias).at(-1);
}

/**
 * Failures that are the member's fault, as the client counts them for its own health: a
 * content-policy refusal, a bad request or a context too long for the member says nothing
 * about the member's health, and must not cool it down.
 */
const MEMBER_FAULTS = new Set<ClientErrorKind>(['rate-limited', 'server', 'connection', 'timeout', 'empty', 'provider-refused']);

/** The failures the router cools members down for (rate limits wait out their retry-after). */
export function failedMembers(result: CallResult): FailedMember[] {
  const failed = new Map<string, FailedMember>();
  for (const attempt of result.attempts) {
    if (attempt.ok || attempt.alias === result.alias || !attempt.error || !MEMBER_FAULTS.has(attempt.error.kind)) continue;
    const error = attempt.error;
    failed.set(attempt.alias, {
      alias: attempt.alias,
      ...(RateLimitedError.isInstance(error) ? { rateLimited: true, ...(error.retryAfterMs !== undefined ? { retryAfterMs: error.retryAfterMs } : {}) } : {}),
    });
  }
  return [...failed.values()];
}

export function recordRouteTurn(ledger: Ledger, config: GatewayConfig, outcome: RouteOutcome): void {
  for (const record of routeCallRecords(config, outcome)) ledger.recordCall(record);
  const { result, plan } = outcome;
  ledger.recordTurn({
    conversation: plan.conversation,
    turn: plan.turn,
    ...(outcome.collection ? { collection: outcome.collection } : {}),
    ...(result.alias ? { call: outcome.call } : {}),
    alias: result.alias ?? result.attempts.at(-1)?.alias ?? plan.members[0]?.alias ?? 'none',
    status: result.ok ? 'ok' : outcome.aborted ? 'aborted' : (result.error?.kind ?? 'error'),
    seconds: result.seconds,
    ...(result.firstPieceSeconds !== undefined ? { firstTokenSeconds: result.firstPieceSeconds } : {}),
    ...(result.usage ? { usage: result.usage } : {}),
    toolCalls: outcome.toolCalls,
    ...(result.finishReason ? { finishReason: result.finishReason } : {}),
    tried: result.attempts.map((attempt) => ({ alias: attempt.alias, ...(attempt.error ? { error: attempt.error.message } : {}) })),
  });
}
