import type { StreamEvent } from '@bench/formats';
import type { Picked } from './pick-candidate';

type Committed = Extract<Picked, { ok: true }>;

type Step = IteratorResult<StreamEvent, undefined>;

const DONE: Step = Object.freeze({ value: undefined, done: true });

/**
 * A run's events, read once: the committed attempt's held events, then its
 * batches flattened here, an event at a time. An event already here is handed
 * on at once (one promise, no generator hop per event). Ends (or, returned
 * early, closes the attempt) through `finish`, before reporting done.
 */
export class RunEvents implements AsyncIterableIterator<StreamEvent> {
  private state: 'unstarted' | 'reading' | 'done' = 'unstarted';
  private committed: Committed | undefined;
  private batch: readonly StreamEvent[] = [];
  private index = 0;
  /** Whether the events in `batch` still go through the attempt's `pass` (held ones already did). */
  private passing = false;
  private busy: Promise<unknown> | undefined;

  constructor(
    private readonly picked: Promise<Picked>,
    /** Called once when the committed attempt's events end or are returned early. */
    private readonly finish: (committed: Committed) => Promise<void>,
  ) {}

  [Symbol.asyncIterator](): this {
    return this;
  }

  next(): Promise<Step> {
    if (this.busy === undefined && this.index < this.batch.length) return Promise.resolve(this.take());
    return this.serial(() => this.advance());
  }

  /** Reads every event to its end without handing them out (collect()): a promise a batch, not one an event. */
  async drain(): Promise<void> {
    for (;;) {
      while (this.busy === undefined && this.index < this.batch.length) this.take();
      const step = await this.serial(() => this.advance());
      if (step.done) return;
    }
  }

  return(): Promise<Step> {
    return this.serial(async () => {
      if (this.state === 'reading') await this.close();
      this.state = 'done';
      return DONE;
    });
  }

  /** Runs `work` after any call still in flight, as an async generator queues its calls. */
  private serial(work: () => Promise<Step>): Promise<Step> {
    const run = this.busy ? this.busy.then(work, work) : work();
    this.busy = run;
    const clear = () => {
      if (this.busy === run) this.busy = undefined;
    };
    run.then(clear, clear);
    return run;
  }

  private take(): Step {
    const event = this.batch[this.index++] as StreamEvent;
    if (this.passing) this.committed?.opened.rest.pass(event);
    return { value: event, done: false };
  }

  private async advance(): Promise<Step> {
    for (;;) {
      if (this.index < this.batch.length) return this.take();
      if (this.state === 'done') return DONE;
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
        this.batch = opened.leftover;
        this.index = 0;
        continue;
      }
      let next: IteratorResult<StreamEvent[], void>;
      try {
        next = await opened.rest.next();
      } catch (error) {
        await this.close();
        throw error;
      }
      if (next.done) {
        await this.close();
        return DONE;
      }
      this.batch = next.value;
      this.index = 0;
    }
  }

  private async close(): Promise<void> {
    this.state = 'done';
    this.batch = [];
    this.index = 0;
    if (this.committed) await this.finish(this.committed);
  }
}
