import type { Dispatcher } from 'undici';
import { createToolCallRestorer, getCodec, isOutputEvent, type NeutralRequest, type StreamEvent, type Warning } from '@bench/formats';
import { AttemptBatches } from './attempt-batches';
import { AttemptStop } from './attempt-stop';
import { AttemptTimers } from './attempt-timers';
import { buildUpstreamRequest, type BuiltRequest } from './build-upstream-request';
import { classifyNeutralError } from './classify-neutral-error';
import { StreamBodyBatches, WholeBodyBatches } from './decode-body';
import { AbortedError } from './errors/aborted-error';
import { EmptyReplyError } from './errors/empty-reply-error';
import { ProviderRefusedError } from './errors/provider-refused-error';
import { RateLimitedError } from './errors/rate-limited-error';
import { TimeoutError } from './errors/timeout-error';
import type { ModelTarget } from './model-target';
import type { Pacer } from './pacer';
import type { RunAbort } from './run-abort';
import { ReplyTally } from './reply-tally';
import { sendUpstream } from './send-upstream';
import type { Timeouts } from './settings';

export interface AttemptInput {
  target: ModelTarget;
  request: NeutralRequest;
  timeouts: Timeouts;
  dispatcher: Dispatcher;
  pacer: Pacer;
  now: () => number;
  /** The run's stop: the caller's abort. */
  abort: RunAbort;
}

/** An attempt that got its first piece: what was held back, and the live rest. */
export interface OpenedAttempt {
  /** Events up to and including the first piece (already passed). */
  held: StreamEvent[];
  /** The events that came in the first piece's batch after it, then `rest`'s: each goes through `rest.pass` as it is handed on. */
  leftover: StreamEvent[];
  /** The remaining events in batches, ending with finish or error; returning it early closes the socket. */
  rest: AttemptBatches;
  tally: ReplyTally;
  /** Format warnings; malformed events skipped are added as the stream goes. */
  warnings: Warning[];
  /** `performance.now()` when the attempt started. */
  startedAt: number;
  /** The upstream's (2xx) HTTP status. */
  status: number;
}

/**
 * One HTTP attempt at one target: resolves once the first piece arrived, and
 * throws a classified ClientError for anything that went wrong before it.
 */
export async function openAttempt(input: AttemptInput): Promise<OpenedAttempt> {
  const { target, abort } = input;
  const alias = target.alias;
  const startedAt = performance.now();
  if (abort.aborted) throw new AbortedError({ alias, message: `${alias}: the caller aborted` });
  if (target.rpm !== undefined) {
    const pace = input.pacer.take(alias, target.rpm);
    if (!pace.ok) {
      throw new RateLimitedError({
        alias,
        local: true,
        retryAfterMs: pace.retryAfterMs,
        message: `${alias}: paced at ${target.rpm} requests a minute; a slot frees in ${pace.retryAfterMs} ms`,
      });
    }
  }
  const codec = getCodec(target.api);
  let built: BuiltRequest;
  try {
    built = buildUpstreamRequest(codec, target, input.request);
  } catch (error) {
    // This candidate's protocol cannot carry the request; another candidate's may.
    const why = error instanceof Error ? error.message : String(error);
    throw new ProviderRefusedError({ alias, message: `${alias}: the request cannot be sent as ${target.api} (${why})`, cause: error });
  }
  const stop = new AttemptStop();
  const unsubscribe = abort.subscribe(() => stop.stop(new AbortedError({ alias, message: `${alias}: the caller aborted` })));
  const timers = new AttemptTimers(input.timeouts, (timeout, ms) => stop.stop(new TimeoutError({ alias, timeout, ms })));
  const release = () => {
    timers.clear();
    unsubscribe();
  };

  let sent: Awaited<ReturnType<typeof sendUpstream>>;
  try {
    sent = await sendUpstream(built, { codec, alias, dispatcher: input.dispatcher, stop, now: input.now });
  } catch (error) {
    release();
    throw error;
  }

  const tally = new ReplyTally();
  const warnings = [...built.warnings];
  const decoder = input.request.stream ? codec.createStreamDecoder() : undefined;
  const { exchange } = sent;
  const body = decoder ? new StreamBodyBatches(exchange, decoder, alias) : new WholeBodyBatches(exchange, codec, alias);
  const restoreToolCall = createToolCallRestorer(input.request.tools, target.api);
  const rest = new AttemptBatches({ alias, exchange, body, decoder, stop, timers, release, tally, warnings, restoreToolCall });
  const held: StreamEvent[] = [];
  for (;;) {
    const next = await rest.next();
    if (next.done) throw tally.error ?? new EmptyReplyError({ alias, message: `${alias}: the stream ended without a reply` });
    const events = next.value;
    for (let index = 0; index < events.length; index += 1) {
      const event = events[index] as StreamEvent;
      rest.pass(event);
      if (event.type === 'error') {
        await rest.return();
        throw tally.error ?? classifyNeutralError(event.error, { alias });
      }
      held.push(event);
      if (isOutputEvent(event)) {
        return { held, leftover: events.slice(index + 1), rest, tally, warnings, startedAt, status: sent.status };
      }
      if (event.type === 'finish') {
        await rest.return();
        throw new EmptyReplyError({ alias, status: sent.status, message: `${alias}: the reply finished without any text, reasoning or tool call` });
      }
    }
  }
}
