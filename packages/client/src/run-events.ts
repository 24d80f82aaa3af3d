import type { StreamEvent } from '@bench/formats';
import { WAIT } from './decode-body';
import type { Picked } from './pick-candidate';
import type { RunRecovery, StreamFailure } from './run-recovery';
import type { StreamSplice } from './stream-splice';

type Committed = Extract<Picked, { ok: true }>;

type Step = IteratorResult<StreamEvent, undefined>;

const DONE: Step = Object.freeze({ value: undefined, done: true });
const ENDED: StreamFailure = Object.freeze({ type: 'ended' });

/**
 * A run's events, read once: the committed attempt's held events, then its
 * batches flattened here, an event at a time. An event already here is handed
 * on at once (one promise, no generator hop per event). Ends (or, returned
 * early, closes the attempt) through `finish`, before reporting done.
 *
 * With a `recovery`, a batch ending in an error (or a stream ending without a
 * finish) is not handed on: the stream goes on with a continuation, whose
 * start goes through a splice until it joined on. That costs one check per
 * batch, nothing per event; without a failure nothing else runs.
 */
export class RunEvents implements AsyncIterableIterator<StreamEvent> {
  private state: 'unstarted' | 'reading' | 'done' = 'unstarted';
  private committed: Committed | undefined;
  private batch: readonly StreamEvent[] = [];
  private index = 0;
  /** Whether the events in `batch` still go through the attempt's `pass` (held ones already did). */
  private passing = false;
  /** The last call's promise, while any call is in flight (`pending` counts them): the next one runs after it. */
  private busy: Promise<unknown> | undefined;
  private pending = 0;
  /** A failure of the committed stream, to recover from once the events before it were handed on. */
  private failure: StreamFailure | undefined;
  /** A continuation's splice, until it decided how its text joins on. */
  private splice: StreamSplice | undefined;

  constructor(
    private readonly picked: Promise<Picked>,
    /** Called once when the committed attempt's events end or are returned early. */
    private readonly finish: (committed: Committed) => Promise<void>,
    /** Finishes a stream that failed after its first piece (absent: `continue: false`, or no continuations allowed). */
    private readonly recovery?: RunRecovery,
  ) {}

  [Symbol.asyncIterator](): this {
    return this;
  }

  next(): Promise<Step> {
    if (this.pending === 0 && this.index < this.batch.length) return Promise.resolve(this.take());
    return this.serial(this.advance);
  }

  /**
   * Reads every event to its end, handing each to `visit` if given (collect(), each()): a promise a batch, not one
   * an event. The event `advance` hands back is visited first, then the rest of its batch at once.
   */
  async drain(visit?: (event: StreamEvent) => void): Promise<void> {
    for (;;) {
      while (this.pending === 0 && this.index < this.batch.length) {
        const event = this.takeEvent();
        visit?.(event);
      }
      const step = await this.serial(this.advance);
      if (step.done) return;
      visit?.(step.value);
    }
  }

  return(): Promise<Step> {
    return this.serial(async () => {
      try {
        if (this.state === 'reading') await this.close();
        this.state = 'done';
        return DONE;
      } finally {
        this.settled();
      }
    });
  }

  /**
   * Runs `work` after any call still in flight, as an async generator queues
   * its calls. Each `work` calls `settled()` as it ends (so no promise more a
   * call watches for the end).
   */
  private serial(work: () => Promise<Step>): Promise<Step> {
    this.pending += 1;
    const run = this.pending > 1 && this.busy ? this.busy.then(work, work) : work();
    this.busy = run;
    return run;
  }

  private settled(): void {
    this.pending -= 1;
    if (this.pending === 0) this.busy = undefined;
  }

  private take(): Step {
    return { value: this.takeEvent(), done: false };
  }

  private takeEvent(): StreamEvent {
    const event = this.batch[this.index++] as StreamEvent;
    if (this.passing) this.committed?.opened.rest.pass(event);
    return event;
  }

  /** The next step (a `serial` work: it calls `settled()` as it ends). */
  private readonly advance = async (): Promise<Step> => {
    try {
      for (;;) {
        if (this.index < this.batch.length) return this.take();
        if (this.state === 'done') return DONE;
        if (this.failure !== undefined) {
          await this.recover(this.failure);
          continue;
        }
        if (this.state === 'unstarted') {
          this.state = 'reading';
          const outcome = await this.picked;
          if (!outcome.ok) {
            this.state = 'done';
            return { value: { type: 'error', error: outcome.error.toNeutral() }, done: false };
          }
          this.committed = outcome;
          this.batch = outcome.opened.held;
          this.index = 0;
          continue;
        }
        const opened = (this.committed as Committed).opened;
        if (!this.passing) {
          this.passing = true;
          this.batch = this.recovery ? this.watch(opened.leftover) : opened.leftover;
          this.index = 0;
          continue;
        }
        // What arrived is read without a promise a layer; a quiet upstream is waited for here, on its exchange.
        const polled = opened.rest.poll();
        if (polled === WAIT) {
          await opened.rest.readable();
          continue;
        }
        let next: IteratorResult<StreamEvent[], void>;
        try {
          next = polled ?? (await opened.rest.next());
        } catch (error) {
          await this.close();
          throw error;
        }
        if (next.done) {
          const { tally } = opened;
          if (this.recovery && tally.finishReason === undefined && tally.error === undefined) {
            this.failure = ENDED;
            continue;
          }
          await this.close();
          return DONE;
        }
        this.batch = this.recovery ? this.watch(next.value) : next.value;
        this.index = 0;
      }
    } finally {
      this.settled();
    }
  };

  /** A batch as handed on while recovery is on: a last error is kept back as the failure; a continuation's start is spliced. */
  private watch(events: StreamEvent[]): StreamEvent[] {
    let out = events;
    const last = out[out.length - 1];
    if (last?.type === 'error') {
      this.failure = last;
      out = out.slice(0, -1);
    }
    const splice = this.splice;
    if (splice === undefined) return out;
    out = splice.push(out);
    if (splice.decision === undefined) return out;
    this.splice = undefined;
    if (splice.decision.kind === 'diverged') this.failure = { type: 'diverged', why: splice.decision.why };
    else this.recovery?.spliced(splice);
    return out;
  }

  /** Goes on with a continuation of the failed stream, or hands on the error event it ends with. */
  private async recover(failure: StreamFailure): Promise<void> {
    this.failure = undefined;
    this.splice = undefined;
    const outcome = await (this.recovery as RunRecovery).recover(this.committed as Committed, failure);
    this.index = 0;
    if (!outcome.ok) {
      this.batch = [outcome.event];
      return;
    }
    this.committed = outcome.committed;
    this.splice = outcome.splice;
    const { opened } = outcome.committed;
    // Its held events were tallied as they came: the tally counts only what the splice hands on.
    opened.tally.restart();
    this.passing = true;
    this.batch = this.watch(opened.held.concat(opened.leftover));
  }

  private async close(): Promise<void> {
    this.state = 'done';
    this.batch = [];
    this.index = 0;
    if (this.committed) await this.finish(this.committed);
  }
}
