import pRetry from 'p-retry';
import { abortableSleep } from './abortable-sleep';
import type { AttemptReport } from './attempt-report';
import { openAttempt, type AttemptInput, type OpenedAttempt } from './open-attempt';
import { mayRefuseReasoning, type ReasoningRefusals, refusedReasoning } from './reasoning-refusal';
import { retryDelay, type RetryCounts } from './retry-delay';
import type { RetrySettings } from './settings';
import { toClientError } from './to-client-error';

export interface CandidateInput extends AttemptInput {
  retry: RetrySettings;
  random: () => number;
  refusals: ReasoningRefusals;
  report: (report: AttemptReport) => void;
}

/** The opened attempt plus which try at this candidate it was. */
export interface OpenedCandidate extends OpenedAttempt {
  attempt: number;
}

/** One try at the candidate; a failure is reported, then thrown as a ClientError. */
async function tryOnce(input: CandidateInput, attempt: number): Promise<OpenedCandidate> {
  const { target } = input;
  const started = performance.now();
  try {
    // The attempt's own fresh object, given its try number (rather than copied into a new one).
    const opened = (await openAttempt(input)) as OpenedCandidate;
    opened.attempt = attempt;
    return opened;
  } catch (thrown) {
    const error = toClientError(thrown, target.alias);
    input.report({
      alias: target.alias,
      model: target.model,
      api: target.api,
      attempt,
      ok: false,
      error,
      ...(error.status !== undefined ? { status: error.status } : {}),
      seconds: (performance.now() - started) / 1000,
    });
    throw error;
  }
}

/**
 * Opens a stream from one candidate, with its short second chance (see retryDelay); never retries after the first piece.
 * The first try runs directly (most succeed); p-retry is entered only after it failed, and replays that failure as its
 * own first attempt so its decisions stay the same.
 */
export async function openCandidate(input: CandidateInput): Promise<OpenedCandidate> {
  const known = input.refusals.remembered(input.target);
  if (known !== undefined && mayRefuseReasoning(input.target, input.request)) return openWithoutReasoning(input, known, 1);
  let firstFailure: unknown;
  try {
    return await tryOnce(input, 1);
  } catch (error) {
    firstFailure = error;
  }
  const { target } = input;
  const refusal = refusedReasoning(firstFailure, target, input.request);
  if (refusal !== undefined) {
    input.refusals.remember(target, refusal);
    return openWithoutReasoning(input, refusal, 2);
  }
  const counts: RetryCounts = { rateLimited: 0, server: 0 };
  return pRetry(
    async (attempt) => {
      if (attempt === 1) throw firstFailure;
      return tryOnce(input, attempt);
    },
    {
      retries: Math.max(1, input.retry.serverErrorRetries),
      minTimeout: 0,
      maxTimeout: 0,
      factor: 1,
      randomize: false,
      shouldRetry: async ({ error }) => {
        if (input.abort.aborted) return false;
        const delay = retryDelay(toClientError(error, target.alias), counts, input.retry, input.random);
        if (delay === undefined) return false;
        await abortableSleep(delay, input.abort, target.alias);
        return true;
      },
    },
  );
}

/**
 * The candidate without its reasoning controls (see reasoning-refusal.ts): asked again after it refused them (try 2),
 * or at once when it refused them on an earlier turn (try 1). The reply says why.
 */
async function openWithoutReasoning(input: CandidateInput, refusal: string, attempt: 1 | 2): Promise<OpenedCandidate> {
  const alias = input.target.alias;
  const target = Object.assign({}, input.target, { reasoning: false });
  const opened = await tryOnce(Object.assign({}, input, { target }), attempt);
  const said = refusal.slice(0, 200);
  opened.warnings.push({
    code: 'dropped',
    path: 'reasoning',
    message:
      attempt === 2
        ? `${alias} refused the reasoning controls ("${said}") and was asked again without them; "reasoning": false on ${alias} skips the refusal`
        : `${alias} refused the reasoning controls on an earlier turn ("${said}"): left out of this request; "reasoning": false on ${alias} says so for good`,
  });
  return opened;
}
