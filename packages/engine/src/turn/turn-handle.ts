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
    this.done = doneOf(started);
  }

  get summary(): TurnSummary {
    return this.#context.summary;
  }

  // `return await`, not a `then` returning the runner's promise: a promise resolved with a promise takes two more
  // microtasks and one more promise to settle, on every turn.
  async open(): Promise<TurnHead> {
    const runner = await this.#started;
    return await runner.open();
  }

  async pipe(sink: TurnSink): Promise<void> {
    const runner = await this.#started;
    return await runner.pipe(sink);
  }

  async reply(): Promise<TurnReply> {
    const runner = await this.#started;
    return await runner.reply();
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

/** Settles once the started turn is recorded and settled; a turn that never started is done at once. */
async function doneOf(started: Promise<TurnRunner>): Promise<void> {
  let runner: TurnRunner;
  try {
    runner = await started;
  } catch {
    return;
  }
  await runner.done;
}
