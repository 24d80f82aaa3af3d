import { isPromise, type MaybePromise } from '@bench/contracts';
import type { StreamEvent } from '@bench/formats';
import type { Turn, TurnHead, TurnReply, TurnSink, TurnSummary } from './turn';
import type { TurnContext } from './turn-context';
import type { TurnRunner } from './turn-runner';
import { turnEvents } from './turn-events';

/**
 * A turn handed back at once: its work starts now, and each way of consuming it waits for the start. A turn that
 * started at once (its runner, not a promise of one) is consumed straight from its runner, with no promise between.
 */
export class TurnHandle implements Turn {
  readonly done: Promise<void>;
  readonly #started: Promise<TurnRunner> | undefined;
  readonly #runner: TurnRunner | undefined;
  readonly #context: TurnContext;

  constructor(started: MaybePromise<TurnRunner>, context: TurnContext) {
    this.#context = context;
    if (isPromise(started)) {
      this.#started = started;
      this.done = started.then(
        (runner) => runner.done,
        () => undefined,
      );
    } else {
      this.#runner = started;
      this.done = started.done;
    }
  }

  get summary(): TurnSummary {
    return this.#context.summary;
  }

  open(): Promise<TurnHead> {
    return this.#runner ? this.#runner.open() : this.#started!.then((runner) => runner.open());
  }

  pipe(sink: TurnSink): Promise<void> {
    return this.#runner ? this.#runner.pipe(sink) : this.#started!.then((runner) => runner.pipe(sink));
  }

  reply(): Promise<TurnReply> {
    return this.#runner ? this.#runner.reply() : this.#started!.then((runner) => runner.reply());
  }

  cancel(): void {
    const context = this.#context;
    if (context.cancelled) return;
    context.cancelled = true;
    const listeners = context.onCancel;
    context.onCancel = [];
    for (const listener of listeners) listener();
  }

  [Symbol.asyncIterator](): AsyncIterator<StreamEvent> {
    return turnEvents(this);
  }
}
