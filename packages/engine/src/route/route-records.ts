import type { AttemptReport, CallResult, ClientErrorKind } from '@bench/client';
import { callRecordOf, RateLimitedError, type CallEnding, type CallFiling } from '@bench/client';
import type { CallInput, Ledger, TurnInput } from '@bench/ledger';
import type { FailedMember, Plan } from '@bench/router';
import type { GatewayConfig } from '../config/resolved-config';

export interface RouteOutcome {
  plan: Plan;
  collection?: string;
  keyName: string;
  /** The answering call's id (unique to this turn, even when an agent sends the same turn again). */
  call: string;
  result: CallResult;
  toolCalls: number;
  /** The caller went away before the reply ended. */
  aborted: boolean;
  /** The turn's shape, on every call's record. */
  shape?: string;
}

/** `ok`, `aborted` (the caller went away), or the error's kind (`rate-limited`, `timeout`, …). */
function statusOf(attempt: AttemptReport, callerLeft: boolean): string {
  if (attempt.ok) return 'ok';
  if (callerLeft || attempt.error?.kind === 'aborted') return 'aborted';
  return attempt.error?.kind ?? 'error';
}

/**
 * Every upstream attempt of a route turn as a call record: the answering one under the turn's call id, the others
 * `<call>-<k>`; all of them in the conversation's unit (useful verdicts count once per conversation and model). The
 * first attempt stands for the request (`request: true`): a failover does not make it two.
 */
export function routeCallRecords(config: GatewayConfig, outcome: RouteOutcome): CallInput[] {
  const { result, call } = outcome;
  let failed = 0;
  return result.attempts.map((attempt, index): CallInput => {
    const answering = attempt.alias === result.alias && attempt === lastAttemptOf(result.attempts, attempt.alias);
    const model = config.models[attempt.alias];
    const filing: CallFiling = {
      id: answering ? call : `${call}-${++failed}`,
      purpose: 'route',
      keyName: outcome.keyName,
      alias: attempt.alias,
      unit: outcome.plan.conversation,
    };
    if (outcome.collection) filing.collection = outcome.collection;
    if (outcome.shape) filing.shape = outcome.shape;
    if (model) filing.provider = model.provider;
    if (model?.price) filing.price = model.price;
    // The caller leaving marks the call it left, the run's last: a stream that failed before (and was being continued) keeps its failure.
    const left = answering && outcome.aborted && attempt === result.attempts[result.attempts.length - 1];
    const ending: CallEnding = { status: statusOf(attempt, left), seconds: attempt.seconds, startedAt: attempt.startedAt };
    if (attempt.textChars !== undefined) ending.textChars = attempt.textChars;
    if (attempt.providerKey !== undefined) ending.providerKey = attempt.providerKey;
    if (attempt.error) {
      ending.errorClass = attempt.error.name;
      ending.errorMessage = attempt.error.message;
    }
    // A stream that failed part way and was finished by another member: its own usage, as its upstream said.
    if (!answering && attempt.usage) ending.usage = attempt.usage;
    if (answering) {
      if (result.usage) ending.usage = result.usage;
      if (result.firstPieceSeconds !== undefined) ending.firstPieceSeconds = result.firstPieceSeconds;
      if (result.finishReason) ending.finishReason = result.finishReason;
      ending.toolCalls = outcome.toolCalls;
      if (result.warnings.length) ending.warnings = result.warnings.map((warning) => warning.message);
    }
    const record = callRecordOf(filing, ending);
    if (index === 0) record.request = true;
    return record;
  });
}

function lastAttemptOf(attempts: readonly AttemptReport[], alias: string): AttemptReport | undefined {
  for (let index = attempts.length - 1; index >= 0; index -= 1) if (attempts[index]?.alias === alias) return attempts[index];
  return undefined;
}

/**
 * Failures that are the member's fault, as the client counts them for its own health: a
 * content-policy refusal, a bad request or a context too long for the member says nothing
 * about the member's health, and must not cool it down.
 */
const MEMBER_FAULTS = new Set<ClientErrorKind>(['rate-limited', 'server', 'connection', 'timeout', 'empty', 'provider-refused']);

/** The failures the router cools members down for (rate limits wait out their retry-after). */
export function failedMembers(result: CallResult): FailedMember[] {
  // Made at the first failure: most turns have none.
  let failed: Map<string, FailedMember> | undefined;
  for (const attempt of result.attempts) {
    if (attempt.ok || attempt.alias === result.alias || !attempt.error || !MEMBER_FAULTS.has(attempt.error.kind)) continue;
    const error = attempt.error;
    (failed ??= new Map()).set(attempt.alias, {
      alias: attempt.alias,
      ...(RateLimitedError.isInstance(error) ? { rateLimited: true, ...(error.retryAfterMs !== undefined ? { retryAfterMs: error.retryAfterMs } : {}) } : {}),
    });
  }
  return failed ? [...failed.values()] : [];
}

export function recordRouteTurn(ledger: Ledger, config: GatewayConfig, outcome: RouteOutcome): void {
  for (const record of routeCallRecords(config, outcome)) ledger.recordCall(record);
  const { result, plan } = outcome;
  const turn: TurnInput = {
    conversation: plan.conversation,
    turn: plan.turn,
    alias: result.alias ?? result.attempts.at(-1)?.alias ?? plan.members[0]?.alias ?? 'none',
    status: result.ok ? 'ok' : outcome.aborted ? 'aborted' : (result.error?.kind ?? 'error'),
    seconds: result.seconds,
    toolCalls: outcome.toolCalls,
    tried: result.attempts.map((attempt) => (attempt.error ? { alias: attempt.alias, error: attempt.error.message } : { alias: attempt.alias })),
  };
  if (outcome.collection) turn.collection = outcome.collection;
  if (result.alias) turn.call = outcome.call;
  if (result.firstPieceSeconds !== undefined) turn.firstTokenSeconds = result.firstPieceSeconds;
  if (result.usage) turn.usage = result.usage;
  if (result.finishReason) turn.finishReason = result.finishReason;
  ledger.recordTurn(turn);
}
