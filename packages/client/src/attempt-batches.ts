import { isOutputEvent, type StreamDecoder, type StreamEvent, type ToolCallRestorer, type Warning } from '@bench/formats';
import type { AttemptStop } from './attempt-stop';
import type { AttemptTimers } from './attempt-timers';
import { classifyNeutralError } from './classify-neutral-error';
import { WAIT, type BodyBatches } from './decode-body';
import { AbortedError } from './errors/aborted-error';
import type { ReplyTally } from './reply-tally';
import { wireFailure } from './send-upstream';
import type { UpstreamExchange } from './upstream-exchange';

/** How long a finished stream may take to close (its `[DONE]`) before its socket is cut instead of reused. */
const DRAIN_MS = 250;

type Step = IteratorResult<StreamEvent[], void>;
const DONE: Step = Object.freeze({ value: undefined, done: true });

export interface AttemptBatchesInput {
  alias: string;
  exchange: UpstreamExchange;
  body: BodyBatches;
  /** The stream's decoder, whose skipped malformed events become warnings. */
  decoder: StreamDecoder | undefined;
  stop: AttemptStop;
  timers: AttemptTimers;
  /** Clears the timers and the caller-abort subscription. */
  release: () => void;
  tally: ReplyTally;
  warnings: Warning[];
  /** Where the member is sent tools under other names, or namespaced or freeform ones: gives each call back what it was (see createToolCallRestorer). */
  restoreToolCall?: ToolCallRestorer | undefined;
}

/**
 * One attempt's events in batches, as the reader asks for them: the idle
 * deadline restarts with each batch, the first piece is noted, nothing after
 * an error is passed on, and a socket failure becomes an error event. Read to
 * its end or returned early, it releases the attempt: a finished stream's
 * socket goes back to the pool once its rest (`[DONE]`) arrived, anything
 * else is cut. (A class rather than an async generator: a batch costs one
 * promise, not a generator's hops.)
 */
export class AttemptBatches {
  private closed = false;
  /** The last batch (an error) was handed out: the next read ends the attempt. */
  private ending = false;
  /** Set once the reader was handed the finish or error event. */
  private ended = false;
  private seenMalformed = 0;

  constructor(private readonly input: AttemptBatchesInput) {}

  /** Notes one event as it is handed to the reader (its tally, and whether the reply ended). */
  readonly pass = (event: StreamEvent): void => {
    const { tally } = this.input;
    if (event.type === 'error') {
      tally.error ??= classifyNeutralError(event.error, { alias: this.input.alias });
      this.ended = true;
      return;
    }
    tally.add(event);
    if (event.type === 'finish') this.ended = true;
  };

  async next(): Promise<Step> {
    if (this.closed) return DONE;
    if (this.ending) {
      await this.close();
      return DONE;
    }
    let events: StreamEvent[] | undefined;
    try {
      events = await this.input.body.next();
    } catch (error) {
      return this.failed(error);
    }
    if (events === undefined) {
      await this.close();
      return DONE;
    }
    return this.batchOf(events);
  }

  /**
   * The next batch without waiting, where that needs no promise: a step, WAIT
   * (nothing has arrived: wait for `readable()` and poll again), or undefined
   * (ask `next()`: the attempt ends, or its body is read whole). A reader that
   * polls waits once a piece, on the exchange, rather than once a layer.
   */
  poll(): Step | typeof WAIT | undefined {
    const { body } = this.input;
    if (this.closed || this.ending || body.poll === undefined) return undefined;
    let events: StreamEvent[] | undefined | typeof WAIT;
    try {
      events = body.poll();
    } catch (error) {
      return this.failed(error);
    }
    if (events === WAIT || events === undefined) return events;
    return this.batchOf(events);
  }

  /** Resolves once `poll()` may have more (the upstream sent something, or the body ended). */
  readable(): Promise<void> {
    return this.input.exchange.readable();
  }

  /** A socket failure as the attempt's last batch: its error event. */
  private failed(error: unknown): Step {
    const { tally } = this.input;
    tally.error = wireFailure(error, this.input, false);
    this.ending = true;
    return { value: [{ type: 'error', error: tally.error.toNeutral() }], done: false };
  }

  /** A decoded batch as handed on: the idle deadline restarted, the first piece noted, nothing after an error. */
  private batchOf(decoded: StreamEvent[]): Step {
    let events = decoded;
    const { tally, timers, exchange } = this.input;
    if (tally.firstPieceAt !== undefined) timers.piece();
    this.noteMalformed();
    const { restoreToolCall } = this.input;
    for (let index = 0; index < events.length; index += 1) {
      const event = events[index] as StreamEvent;
      if (restoreToolCall && event.type === 'tool-call-start') restoreToolCall(event);
      if (event.type === 'error') {
        if (index + 1 < events.length) events = events.slice(0, index + 1);
        this.ending = true;
        break;
      }
      if (tally.firstPieceAt === undefined && isOutputEvent(event)) {
        tally.firstPieceAt = performance.now();
        timers.piece();
        exchange.coalesce = true;
      }
    }
    return { value: events, done: false };
  }

  /** Ends the attempt early (or confirms its end): closes or pools its socket. */
  async return(): Promise<Step> {
    if (!this.closed) await this.close();
    return DONE;
  }

  private async close(): Promise<void> {
    this.closed = true;
    const { exchange, stop, tally, alias } = this.input;
    this.input.release();
    this.noteMalformed();
    const whole = this.ended && !tally.error && (exchange.done ? exchange.complete : await exchange.settled(DRAIN_MS));
    if (!whole) stop.stop(new AbortedError({ alias, message: `${alias}: the reader stopped` }));
    else await exchange.pooled();
  }

  private noteMalformed(): void {
    const malformed = this.input.decoder?.malformed;
    if (!malformed) return;
    for (; this.seenMalformed < malformed.length; this.seenMalformed += 1) {
      this.input.warnings.push({ code: 'dropped', message: `malformed upstream event skipped: ${malformed[this.seenMalformed]}` });
    }
  }
}
