import type { NeutralRequest, StreamEvent, Warning } from '@bench/formats';
import type { AttemptReport } from './attempt-report';
import type { CallResult, Continuation, SkippedCandidate } from './call-result';
import type { ClientError } from './errors/client-error';
import type { ModelTarget } from './model-target';
import { pickCandidate, type PickInput, type Picked } from './pick-candidate';
import { layered, type CooldownSettings, type RetrySettings, type Timeouts } from './settings';
import type { OpenedCandidate } from './open-candidate';
import { RunAbort } from './run-abort';
import { RunEvents } from './run-events';
import { REASONING, RunRecovery } from './run-recovery';
import { toClientError } from './to-client-error';

export interface FailoverOptions {
  /** The caller's abort: closes the upstream socket at once and stops the failover. */
  signal?: AbortSignal;
  /** Called after every attempt (a failure at once; the committed one when its stream ends). */
  onAttempt?: (report: AttemptReport) => void;
  /** The collection's settings, over the client's; each model's own win over these. */
  timeouts?: Partial<Timeouts>;
  retry?: Partial<RetrySettings>;
  cooldown?: Partial<CooldownSettings>;
  /**
   * `false`: a stream that fails after its first piece ends with its error event, as before continuations
   * (the collection's `"continue": false`). By default it is finished by the next member, up to `retry.continuations` times.
   */
  continue?: boolean;
}

/** The failover's first outcome: a candidate gave its first piece, or none will. */
export type Commit =
  | {
      ok: true;
      alias: string;
      target: ModelTarget;
      attempts: readonly AttemptReport[];
      /** The committed attempt's warnings: what its request could not carry, then malformed events skipped as its stream goes. */
      warnings: readonly Warning[];
      /** Each continuation of the stream, as it happens (empty until one does, and with `continue: false`). */
      continued: readonly Continuation[];
    }
  | { ok: false; error: ClientError; attempts: readonly AttemptReport[] };

export interface FailoverRun {
  /** Settles (never rejects) at the first piece from some candidate, or when all failed. */
  readonly committed: Promise<Commit>;
  /** Every event of the committed candidate (held-back ones first), ending with finish or error. Read once; after `cancel()` with no reader yet, a reader finds none. */
  readonly events: AsyncIterable<StreamEvent>;
  /** Settles once `events` has been read to its end (or at once when nothing committed). */
  readonly result: Promise<CallResult>;
  /** Reads `events` to the end and returns the result. */
  collect(): Promise<CallResult>;
  /**
   * Reads `events` to the end as `for await` over them would, handing each to `visit` as it comes, and resolves once
   * they ended (one promise a batch of events, not one an event: for a reply read whole). Read once, as `events` is;
   * after `cancel()` with no reader yet, it visits none.
   */
  each(visit: (event: StreamEvent) => void): Promise<void>;
  /** Stops everything and closes the upstream socket (what the caller's `signal` does); the result then settles (with an AbortedError) even if nobody reads the events. */
  cancel(): void;
}

export type RunDeps = Omit<PickInput, 'candidates' | 'request' | 'abort' | 'report' | 'skipped' | 'warnings' | 'single'>;

/** Starts a failover across `candidates` (see pickCandidate), holding events back until the first piece. */
export function runFailover(
  deps: RunDeps,
  candidates: readonly ModelTarget[],
  request: NeutralRequest,
  options: FailoverOptions = {},
  single = false,
): FailoverRun {
  const startedAt = performance.now();
  const abort = new RunAbort();
  const onCallerAbort = () => abort.abort();
  if (options.signal?.aborted) abort.abort();
  else options.signal?.addEventListener('abort', onCallerAbort, { once: true });
  const attempts: AttemptReport[] = [];
  const skipped: SkippedCandidate[] = [];
  const warnings: Warning[] = [];
  const report = (entry: AttemptReport) => {
    attempts.push(entry);
    try {
      options.onAttempt?.(entry);
    } catch (error) {
      warnings.push({ code: 'dropped', message: `onAttempt threw: ${error instanceof Error ? error.message : String(error)}` });
    }
  };

  let settle: (result: CallResult) => void = () => undefined;
  const result = new Promise<CallResult>((resolve) => {
    settle = (value) => {
      options.signal?.removeEventListener('abort', onCallerAbort);
      resolve(value);
    };
  });
  const base = (): Omit<CallResult, 'ok' | 'status'> => ({
    text: '',
    reasoning: '',
    toolCalls: [],
    seconds: (performance.now() - startedAt) / 1000,
    warnings,
    attempts,
    skipped,
  });

  // Field by field rather than a spread of deps: one fixed shape, built on every call.
  const pickInput: PickInput = {
    timeouts: layered(deps.timeouts, options.timeouts),
    retry: layered(deps.retry, options.retry),
    cooldown: layered(deps.cooldown, options.cooldown),
    dispatcher: deps.dispatcher,
    pacer: deps.pacer,
    refusals: deps.refusals,
    health: deps.health,
    keyHealth: deps.keyHealth,
    rotation: deps.rotation,
    now: deps.now,
    random: deps.random,
    candidates,
    request,
    single,
    abort,
    report,
    skipped,
    warnings,
  };
  const picked: Promise<Picked> = pickCandidate(pickInput).catch(
    (error: unknown): Picked => ({ ok: false, error: toClientError(error, candidates[0]?.alias ?? 'client') }),
  );
  const recovery = options.continue !== false && pickInput.retry.continuations > 0 ? new RunRecovery(pickInput, startedAt) : undefined;
  const continued: readonly Continuation[] = recovery ? recovery.continued : NO_CONTINUATIONS;
  // One reaction: a failure settles the result first, then the commit (the order two reactions gave).
  const committed = picked.then((outcome): Commit => {
    if (outcome.ok) return { ok: true, alias: outcome.target.alias, target: outcome.target, attempts, warnings: outcome.opened.warnings, continued };
    settle({ ...base(), ok: false, status: outcome.error.gatewayStatus, error: outcome.error });
    return { ok: false, error: outcome.error, attempts };
  });

  const finish = async (segment: { target: ModelTarget; opened: OpenedCandidate }): Promise<void> => {
    const { target, opened } = segment;
    await opened.rest.return();
    const { tally } = opened;
    // A segment the recovery already reported (it failed, and nothing could continue it) is not reported again.
    const reported = recovery?.done.includes(segment as Extract<Picked, { ok: true }>) === true;
    const continues = recovery?.continues(segment as Extract<Picked, { ok: true }>);
    if (!reported) {
      // Field by field (spreads of optional fields make a slow object to build and to read; this runs on every call).
      const entry: AttemptReport = {
        alias: target.alias,
        model: target.model,
        api: target.api,
        attempt: opened.attempt,
        ok: !tally.error,
        status: opened.status,
        seconds: (performance.now() - opened.startedAt) / 1000,
        startedAt: performance.timeOrigin + opened.startedAt,
      };
      if (tally.error) entry.error = tally.error;
      if (opened.providerKey !== undefined) entry.providerKey = opened.providerKey;
      if (tally.usage) entry.usage = tally.usage;
      entry.textChars = tally.text.length;
      if (continues !== undefined) entry.continues = continues;
      report(entry);
      warnings.push(...opened.warnings);
    }
    const first = recovery?.done[0]?.opened ?? opened;
    const error = recovery?.finalError ?? tally.error;
    // Built field by field (same fields, same order as base()'s spread): this runs before the reader sees the end.
    const ended: CallResult = {
      text: recovery && recovery.done.length > 0 ? recovery.textOf(segment as Extract<Picked, { ok: true }>) : tally.text,
      reasoning: recovery && recovery.done.length > 0 ? recovery.textOf(segment as Extract<Picked, { ok: true }>, REASONING) : tally.reasoning,
      toolCalls: tally.toolCalls,
      seconds: (performance.now() - startedAt) / 1000,
      warnings,
      attempts,
      skipped,
      ok: !error && tally.finishReason !== undefined,
      alias: target.alias,
      model: target.model,
      api: target.api,
      status: 200,
    };
    if (tally.usage) ended.usage = tally.usage;
    if (tally.finishReason) ended.finishReason = tally.finishReason;
    if (tally.rawFinishReason) ended.rawFinishReason = tally.rawFinishReason;
    if (first.tally.firstPieceAt !== undefined) ended.firstPieceSeconds = (first.tally.firstPieceAt - startedAt) / 1000;
    if (error) ended.error = error;
    if (opened.providerKey !== undefined) ended.providerKey = opened.providerKey;
    if (recovery) {
      ended.continued = recovery.continued;
      if (recovery.notContinued !== undefined) ended.notContinued = recovery.notContinued;
    }
    settle(ended);
  };

  const events = new ReadOnce(picked, finish, recovery);

  return {
    committed,
    events,
    result,
    async collect() {
      if (!events.reading) await events.drain();
      return result;
    },
    each: (visit) => events.each(visit),
    cancel() {
      abort.abort();
      // Nobody may ever read the events: read them here so the socket closes and the result settles.
      if (!events.reading) void events.drain({ byCancel: true });
    },
  };
}

/** A run's events as an iterable that hands out its one reader (a class: an object literal with a computed key is slow to build). */
class ReadOnce implements AsyncIterable<StreamEvent> {
  reading: RunEvents | undefined;
  #drainedByCancel = false;

  constructor(
    private readonly picked: Promise<Picked>,
    private readonly finish: ConstructorParameters<typeof RunEvents>[1],
    private readonly recovery: RunRecovery | undefined,
  ) {}

  [Symbol.asyncIterator](): AsyncIterator<StreamEvent> {
    // A run cancelled before anyone read it has been read to its end: a late reader finds no events.
    if (this.reading && this.#drainedByCancel) return NO_EVENTS;
    if (this.reading) throw new Error('FailoverRun.events can be read only once');
    this.reading = new RunEvents(this.picked, this.finish, this.recovery);
    return this.reading;
  }

  /** Reads every event to its end, handing each to `visit` (the one reader, as `[Symbol.asyncIterator]` is). */
  each(visit: (event: StreamEvent) => void): Promise<void> {
    if (this.reading && this.#drainedByCancel) return Promise.resolve();
    if (this.reading) throw new Error('FailoverRun.events can be read only once');
    this.reading = new RunEvents(this.picked, this.finish, this.recovery);
    return this.reading.drain(visit);
  }

  /** Reads every event to its end without handing them out (what collect() and cancel() need). */
  drain({ byCancel = false } = {}): Promise<void> {
    if (this.reading) throw new Error('FailoverRun.events can be read only once');
    this.#drainedByCancel = byCancel;
    this.reading = new RunEvents(this.picked, this.finish, this.recovery);
    return this.reading.drain();
  }
}

const NO_CONTINUATIONS: readonly Continuation[] = Object.freeze([]);

const NO_EVENTS: AsyncIterator<StreamEvent> = { next: () => Promise.resolve({ done: true, value: undefined }) };
