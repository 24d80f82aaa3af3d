import type { ErrorEvent } from '@bench/formats';
import type { Continuation } from './call-result';
import { canPrefill, continuationRequest } from './continuation-request';
import { AbortedError } from './errors/aborted-error';
import type { ClientError } from './errors/client-error';
import { ConnectionError } from './errors/connection-error';
import { ServerError } from './errors/server-error';
import type { ModelTarget } from './model-target';
import { HEALTH_KINDS, pickCandidate, type PickInput, type Picked } from './pick-candidate';
import type { ReplyTally } from './reply-tally';
import { StreamSplice } from './stream-splice';

export type Segment = Extract<Picked, { ok: true }>;

/** What ended a committed stream early: its error event, its end without a finish, or a continuation that diverged. */
export type StreamFailure = ErrorEvent | { type: 'ended' } | { type: 'diverged'; why: string };

const TEXT = (tally: ReplyTally): string => tally.text;
export const REASONING = (tally: ReplyTally): string => tally.reasoning;

export type Recovered = { ok: true; committed: Segment; splice: StreamSplice } | { ok: false; event: ErrorEvent };

/**
 * A run's recovery after its first piece: when the committed stream fails
 * (cut, idle, an upstream error event), the next member (or the same one)
 * is asked to finish the answer, with the text sent so far as the start of
 * its answer where its API takes one, and its stream is spliced on (see
 * StreamSplice). At most `retry.continuations` times, within the turn's
 * `totalMs`. What cannot be spliced ends with the error event, and
 * `notContinued` says why. Only used once a stream failed: a stream that
 * needs no recovery never calls it.
 */
export class RunRecovery {
  readonly continued: Continuation[] = [];
  /** The segments that failed and were reported, in order (the caller's text is theirs, then the current one's). */
  readonly done: Segment[] = [];
  notContinued: string | undefined;
  /** The error the run ends with, when it ends with one the last segment's tally does not hold (the caller's abort, the failure a diverging continuation was to make good). */
  finalError: ClientError | undefined;
  /** The failure of the last segment that was continued. */
  private lastError: ClientError | undefined;

  constructor(
    /** The run's first pick (candidates, request, settings, report, abort). */
    private readonly pick: PickInput,
    /** `performance.now()` at the run's start. */
    private readonly startedAt: number,
  ) {}

  /** The caller's text so far (or its reasoning): each reported segment's, then `current`'s (unless it is one of them). */
  textOf(current: Segment, part: (tally: ReplyTally) => string = TEXT): string {
    let text = '';
    for (const segment of this.done) text += part(segment.opened.tally);
    return this.done.includes(current) ? text : text + part(current.opened.tally);
  }

  /** Notes how the last continuation joined on (its dropped repeat). */
  spliced(splice: StreamSplice): void {
    const last = this.continued[this.continued.length - 1];
    if (last && splice.decision && splice.decision.kind !== 'diverged') last.dropped = splice.decision.drop;
  }

  /** Finishes the failed stream of `failed` with a continuation, or says why it cannot be (an error event to end with). */
  async recover(failed: Segment, failure: StreamFailure): Promise<Recovered> {
    const { target, opened } = failed;
    const { tally } = opened;
    const error = this.errorOf(failed, failure);
    tally.error ??= error;
    await opened.rest.return();
    const sent = this.textOf(failed);
    const why = this.whyNot(failed, failure, sent);
    // A continuation that diverged ends the run with the failure it was to make good.
    if (why !== undefined) return this.giveUp(failed, failure.type === 'diverged' && this.lastError ? this.lastError : error, why);
    this.settle(failed, error);
    const remaining = this.pick.timeouts.totalMs - (performance.now() - this.startedAt);
    const { prefilled, trimmed } = continuationRequest(this.pick.request, sent);
    const plain = this.pick.request;
    const outcome = await pickCandidate(
      Object.assign({}, this.pick, {
        candidates: this.nextCandidates(target),
        totalLeftMs: Math.max(1, remaining),
        // Only whitespace sent: nothing to prefill (an empty assistant message is refused), the member answers again.
        requestFor: (next: ModelTarget) => (canPrefill(next) && trimmed !== sent ? { request: prefilled, withoutPrefill: plain } : { request: plain }),
      }),
    );
    if (!outcome.ok) {
      const aborted = outcome.error.kind === 'aborted';
      return this.giveUp(
        failed,
        aborted ? outcome.error : error,
        aborted ? 'the caller aborted during the recovery' : `no member could continue (${outcome.error.message})`,
      );
    }
    const usedPrefill = canPrefill(outcome.target) && trimmed !== sent && outcome.opened.prefillRefused === undefined;
    this.continued.push({ alias: outcome.target.alias, from: target.alias, after: sent.length, why: error.message, prefilled: usedPrefill, dropped: 0 });
    return { ok: true, committed: outcome, splice: new StreamSplice(sent, usedPrefill, usedPrefill ? trimmed : '') };
  }

  /** The attempt report of a continuation (which member's stream it finished). */
  continues(segment: Segment): string | undefined {
    const index = this.done.indexOf(segment);
    const at = index === -1 ? this.done.length : index;
    return at === 0 ? undefined : this.continued[at - 1]?.from;
  }

  private errorOf(failed: Segment, failure: StreamFailure): ClientError {
    const alias = failed.target.alias;
    if (failure.type === 'diverged') return new ServerError({ alias, status: failed.opened.status, message: `${alias}: ${failure.why}` });
    if (failure.type === 'ended') return new ConnectionError({ alias, beforeAnyByte: false, message: `${alias}: the stream ended without a finish` });
    // Classified as the attempt classifies an error event it hands on (an overload, a rate limit, …).
    failed.opened.rest.pass(failure);
    return failed.opened.tally.error ?? new ServerError({ alias, message: `${alias}: ${failure.error.message}` });
  }

  private whyNot(failed: Segment, failure: StreamFailure, sent: string): string | undefined {
    const { tally } = failed.opened;
    if (this.pick.abort.aborted) return 'the caller aborted';
    if (failure.type === 'diverged') return failure.why;
    if (tally.hasToolCalls) return 'the stream failed after a tool call had started: its arguments cannot be spliced';
    if (sent === '')
      return tally.reasoning !== '' ? 'the stream failed inside its reasoning, which cannot be continued or signed again' : 'nothing to continue';
    const limit = this.pick.retry.continuations;
    if (this.continued.length >= limit) return `the limit of ${limit} continuation${limit === 1 ? '' : 's'} (retry.continuations) was reached`;
    if (performance.now() - this.startedAt >= this.pick.timeouts.totalMs)
      return `no time left of the turn's ${this.pick.timeouts.totalMs} ms (timeouts.totalMs)`;
    return undefined;
  }

  /** Reports the failed segment (once), with its own usage and text, and counts it against the member's health. */
  private settle(failed: Segment, error: ClientError): void {
    if (this.done.includes(failed)) return;
    const { target, opened } = failed;
    const continues = this.continues(failed);
    this.pick.report({
      alias: target.alias,
      model: target.model,
      api: target.api,
      attempt: opened.attempt,
      ok: false,
      error,
      ...(opened.providerKey !== undefined ? { providerKey: opened.providerKey } : {}),
      status: opened.status,
      seconds: (performance.now() - opened.startedAt) / 1000,
      startedAt: performance.timeOrigin + opened.startedAt,
      ...(opened.tally.usage ? { usage: opened.tally.usage } : {}),
      textChars: opened.tally.text.length,
      ...(continues !== undefined ? { continues } : {}),
    });
    this.done.push(failed);
    this.lastError = error;
    for (const warning of opened.warnings) this.pick.warnings.push(warning);
    if (HEALTH_KINDS.has(error.kind)) {
      const { health, cooldown } = this.pick;
      Promise.resolve()
        .then(() => health.failed(target.alias, this.pick.now(), cooldown))
        .catch((thrown: unknown) =>
          this.pick.warnings.push({ code: 'dropped', message: `health store: failed failed (${thrown instanceof Error ? thrown.message : String(thrown)})` }),
        );
    }
  }

  private giveUp(failed: Segment, error: ClientError, why: string): Recovered {
    this.notContinued = why;
    const { alias } = failed.target;
    const final = this.pick.abort.aborted && error.kind !== 'aborted' ? new AbortedError({ alias, message: `${alias}: the caller aborted` }) : error;
    if (final !== failed.opened.tally.error) this.finalError = final;
    const neutral = final.toNeutral();
    const event: ErrorEvent = { type: 'error', error: { ...neutral, message: `${neutral.message} (not continued: ${why})` } };
    return { ok: false, event };
  }

  /** Who is asked to finish: the members after the failed one, then those before it, then (where it may retry) itself. */
  private nextCandidates(failed: ModelTarget): ModelTarget[] {
    const { candidates, retry } = this.pick;
    const at = candidates.indexOf(failed);
    const others = this.pick.single ? [] : [...candidates.slice(at + 1), ...candidates.slice(0, Math.max(0, at))].filter((c) => c !== failed);
    return retry.serverErrorRetries > 0 ? [...others, failed] : others;
  }
}
