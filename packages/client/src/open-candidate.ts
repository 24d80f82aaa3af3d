import pRetry from 'p-retry';
import { abortableSleep } from './abortable-sleep';
import type { AttemptReport } from './attempt-report';
import { openAttempt, type AttemptInput, type OpenedAttempt } from './open-attempt';
import { refusedReasoning } from './reasoning-refusal';
import { retryDelay, type RetryCounts } from './retry-delay';
import type { RetrySettings } from './settings';
import { toClientError } from './to-client-error';

export interface CandidateInput extends AttemptInput {
  retry: RetrySettings;
  random: () => number;
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
  let firstFailure: unknown;
  try {
    return await tryOnce(input, 1);
  } catch (error) {
    firstFailure = error;
  }
  const { target } = input;
  const refusal = refusedReasoning(firstFailure, target, input.request);
  if (refusal !== undefined) return openWithoutReasoning(input, refusal);
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

/** The candidate again, its reasoning controls left out (see reasoning-refusal.ts); the reply says why. */
async function openWithoutReasoning(input: CandidateInput, refusal: string): Promise<OpenedCandidate> {
  const alias = input.target.alias;
  const target = Object.assign({}, input.target, { reasoning: false });
  const opened = await tryOnce(Object.assign({}, input, { target }), 2);
  opened.warnings.push({
    code: 'dropped',
    path: 'reasoning',
    message: `${alias} refused the reasoning controls ("${refusal.slice(0, 200)}") and was asked again without them; "reasoning": false on ${alias} skips the refusal`,
  });
  return opened;
}
