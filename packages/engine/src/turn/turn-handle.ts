import type { StreamEvent } from '@bench/formats';
import type { Turn, TurnHead, TurnReply, TurnSink, TurnSummary } from './turn';
import type { TurnContext } from './turn-context';
import type { TurnRunner } from './turn-runner';
import { turnEvents } from './turn-events';

/** A turn handed back at once: its work starts now, and each way of consuming it waits for the start. */
export class TurnHandle implements Turn {
  readonly done: Promise<void>;
  readonly #started: Promise<TurnRunner>;
  readonly #context: TurnContext;

  constructor(started: Promise<TurnRunner>, context: TurnContext) {
    this.#started = started;
    this.#context = context;
    this.done = started.then(
      (runner) => runner.done,
      () => undefined,
    );
  }

  get summary(): TurnSummary {
    return this.#context.summary;
  }

  open(): Promise<TurnHead> {
    return this.#started.then((runner) => runner.open());
  }

  pipe(sink: TurnSink): Promise<void> {
    return this.#started.then((runner) => runner.pipe(sink));
  }

  reply(): Promise<TurnReply> {
    return this.#started.then((runner) => runner.reply());
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
