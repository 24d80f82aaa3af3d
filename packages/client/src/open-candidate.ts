import type { NeutralRequest, Warning } from '@bench/formats';
import pRetry from 'p-retry';
import { abortableSleep } from './abortable-sleep';
import type { AttemptReport } from './attempt-report';
import { refusedPrefill } from './prefill-refusal';
import { openAttempt, type AttemptInput, type OpenedAttempt } from './open-attempt';
import { hasReasoningHistory, refusedReasoningHistory, withoutReasoningHistory } from './reasoning-history-refusal';
import { mayRefuseReasoning, refusedReasoning } from './reasoning-refusal';
import type { ReasoningRefusals, RefusedReasoning } from './reasoning-refusals';
import { retryDelay, type RetryCounts } from './retry-delay';
import type { RetrySettings } from './settings';
import { toClientError } from './to-client-error';

export interface CandidateInput extends AttemptInput {
  retry: RetrySettings;
  random: () => number;
  refusals: ReasoningRefusals;
  report: (report: AttemptReport) => void;
  /** Where `request` carries a prefill (a continuation): the request without it, asked if the prefill is refused. */
  withoutPrefill?: NeutralRequest;
}

/** The opened attempt plus which try at this candidate it was. */
export interface OpenedCandidate extends OpenedAttempt {
  attempt: number;
  /** A continuation asked again without its prefill: what the upstream said when it refused it. */
  prefillRefused?: string;
  /** The environment variable of the provider key it was opened with. */
  providerKey?: string;
}

/**
 * One try at the candidate; a failure is reported, then thrown as a ClientError. (A reaction on the attempt, not an
 * async wrapper: a layer fewer on every call's way to its first piece.)
 */
function tryOnce(input: CandidateInput, attempt: number): Promise<OpenedCandidate> {
  const { target } = input;
  const started = performance.now();
  return openAttempt(input).then(
    (attempted) => {
      // The attempt's own fresh object, given its try number (rather than copied into a new one).
      const opened = attempted as OpenedCandidate;
      opened.attempt = attempt;
      if (target.apiKeyName !== undefined) opened.providerKey = target.apiKeyName;
      return opened;
    },
    (thrown: unknown) => {
      const error = toClientError(thrown, target.alias);
      input.report({
        alias: target.alias,
        model: target.model,
        api: target.api,
        attempt,
        ok: false,
        error,
        ...(target.apiKeyName !== undefined ? { providerKey: target.apiKeyName } : {}),
        ...(error.status !== undefined ? { status: error.status } : {}),
        seconds: (performance.now() - started) / 1000,
        startedAt: performance.timeOrigin + started,
      });
      throw error;
    },
  );
}

/**
 * Opens a stream from one candidate, with its short second chance (see retryDelay); never retries after the first piece.
 * The first try runs directly (most succeed); p-retry is entered only after it failed, and replays that failure as its
 * own first attempt so its decisions stay the same. A member that refused reasoning (its controls, or earlier turns'
 * reasoning) is asked once more without it, and remembered (see reasoning-refusals.ts).
 */
export function openCandidate(input: CandidateInput): Promise<OpenedCandidate> {
  let first: { input: CandidateInput; notes: readonly Warning[] };
  try {
    first = input.refusals.empty ? { input, notes: NO_NOTES } : rememberedLeaveOuts(input);
  } catch (error) {
    return Promise.reject(error);
  }
  return tryOnce(first.input, 1).then(
    (opened) => withNotes(opened, first.notes),
    (failure: unknown) => afterFirstFailure(input, first, failure),
  );
}

/** What follows a failed first try: again without a refused prefill or reasoning, or p-retry's second chance. */
async function afterFirstFailure(
  input: CandidateInput,
  first: { input: CandidateInput; notes: readonly Warning[] },
  firstFailure: unknown,
): Promise<OpenedCandidate> {
  const { target } = input;
  const prefillSaid = input.withoutPrefill ? refusedPrefill(firstFailure, first.input.request) : undefined;
  if (prefillSaid !== undefined && input.withoutPrefill) {
    const again: CandidateInput = Object.assign({}, first.input, { request: input.withoutPrefill });
    delete again.withoutPrefill;
    const opened = await openCandidate(again);
    opened.prefillRefused = prefillSaid;
    return withNotes(opened, [
      {
        code: 'dropped',
        path: 'messages',
        message: `${target.alias} refused the prefill of a continuation ("${prefillSaid.slice(0, 200)}") and was asked again without it`,
      },
    ]);
  }
  const refused = refusalOf(firstFailure, first.input);
  if (refused !== undefined) {
    input.refusals.remember(target, refused.kind, refused.said);
    const again = leaveOut(first.input, refused.kind);
    return withNotes(await tryOnce(again, 2), [...first.notes, refusalNote(target.alias, refused, 2)]);
  }
  const counts: RetryCounts = { rateLimited: 0, server: 0 };
  return pRetry(
    async (attempt) => {
      if (attempt === 1) throw firstFailure;
      return withNotes(await tryOnce(first.input, attempt), first.notes);
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

const NO_NOTES: readonly Warning[] = [];

interface Refusal {
  kind: RefusedReasoning;
  said: string;
}

/** What the first try's 400 refused: earlier turns' reasoning (the more specific), or the reasoning controls. */
function refusalOf(error: unknown, input: CandidateInput): Refusal | undefined {
  const history = refusedReasoningHistory(error, input.target, input.request);
  if (history !== undefined) return { kind: 'history', said: history };
  const controls = refusedReasoning(error, input.target, input.request);
  return controls === undefined ? undefined : { kind: 'controls', said: controls };
}

/** The candidate without what it refused: its reasoning controls (as for `reasoning: false`), or earlier turns' reasoning. */
function leaveOut(input: CandidateInput, kind: RefusedReasoning): CandidateInput {
  return kind === 'controls'
    ? Object.assign({}, input, { target: Object.assign({}, input.target, { reasoning: false }) })
    : Object.assign({}, input, { request: withoutReasoningHistory(input.request) });
}

/** The candidate without what it refused on an earlier turn, where the request carries it; the notes say so. */
function rememberedLeaveOuts(input: CandidateInput): { input: CandidateInput; notes: readonly Warning[] } {
  let out = input;
  const notes: Warning[] = [];
  for (const kind of ['controls', 'history'] as const) {
    const said = input.refusals.remembered(input.target, kind);
    if (said === undefined) continue;
    if (kind === 'controls' ? !mayRefuseReasoning(input.target, input.request) : !hasReasoningHistory(input.request)) continue;
    out = leaveOut(out, kind);
    notes.push(refusalNote(input.target.alias, { kind, said }, 1));
  }
  return { input: out, notes };
}

function refusalNote(alias: string, refused: Refusal, attempt: 1 | 2): Warning {
  const said = refused.said.slice(0, 200);
  if (refused.kind === 'history') {
    return {
      code: 'dropped',
      path: 'messages',
      message:
        attempt === 2
          ? `${alias} refused the reasoning of earlier turns ("${said}") and was asked again without it`
          : `${alias} refused the reasoning of earlier turns on an earlier turn ("${said}"): left out of this request`,
    };
  }
  return {
    code: 'dropped',
    path: 'reasoning',
    message:
      attempt === 2
        ? `${alias} refused the reasoning controls ("${said}") and was asked again without them; "reasoning": false on ${alias} skips the refusal`
        : `${alias} refused the reasoning controls on an earlier turn ("${said}"): left out of this request; "reasoning": false on ${alias} says so for good`,
  };
}

function withNotes(opened: OpenedCandidate, notes: readonly Warning[]): OpenedCandidate {
  for (const note of notes) opened.warnings.push(note);
  return opened;
}
