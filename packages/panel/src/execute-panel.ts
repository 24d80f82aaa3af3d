import type { FailoverOptions } from '@bench/client';
import type { NeutralRequest } from '@bench/formats';
import { addUsage } from './add-usage';
import { buildPanelBench, type PanelBenchInput } from './build-panel-bench';
import type { CallContext } from './call-member';
import { PanelAbortedError } from './errors/panel-aborted-error';
import { PanelFailedError } from './errors/panel-failed-error';
import { formatAllAnswers } from './format-all-answers';
import { mergeAnswers } from './merge-answers';
import type { BenchSeat, SkippedMember } from './panel-bench';
import type { PanelEvent, PanelResult, SeatedSeat } from './panel-event';
import type { PanelInput } from './panel-input';
import type { PanelMember } from './panel-member';
import type { PanelStop } from './panel-stop';
import { runSeats } from './run-seats';
import { SeatAnswerStream } from './seat-answer-stream';

export interface Execution
  extends Pick<
    PanelInput,
    'client' | 'collection' | 'models' | 'request' | 'mode' | 'records' | 'shape' | 'shapeBy' | 'recorder' | 'onRecordError' | 'keyName'
  > {
  id: string;
  seats: readonly PanelMember[];
  seated: readonly SeatedSeat[];
  skipped: readonly SkippedMember[];
  stop: PanelStop;
  emit: (event: PanelEvent) => void;
  /** False once the caller said it reads only the result: the streamed answer's blocks are not built. */
  wanted: () => boolean;
}

/** Runs the seats in parallel, then (merged) the merger; emits every event; settles with the result or the error. */
export async function executePanel(run: Execution): Promise<PanelResult> {
  const { id, collection, stop, emit } = run;
  const context = callContext(run);
  // Object.assign, not a spread followed by keys the request may lack (slow in Node 20: see runPanel).
  const request: NeutralRequest = Object.assign({}, run.request, { stream: true, streamUsage: true });
  emit({ type: 'seated', panel: id, seats: [...run.seated], skipped: [...run.skipped] });
  const streamed = run.mode === 'all' ? new SeatAnswerStream(emit) : undefined;

  const ended = (seat: BenchSeat, i: number): BenchSeat => {
    if (run.seated[i]?.explorer) seat.explorer = true;
    emit({ type: 'seat-done', seat });
    if (!stop.stopped && run.wanted()) streamed?.add(seat);
    return seat;
  };
  const seats = await runSeats(context, run.seats, id, request, ended);
  const bench: PanelBenchInput = { panel: id, collection: collection.name, reply: run.mode, seats, skipped: run.skipped };
  if (run.shape !== undefined) bench.shape = run.shape;
  if (run.shapeBy !== undefined) bench.shapeBy = run.shapeBy;
  const fail = (error: PanelFailedError | PanelAbortedError): never => {
    emit({ type: 'error', error });
    throw error;
  };
  if (stop.stopped) return fail(new PanelAbortedError(id));
  if (!seats.some((s) => s.status === 'ok')) return fail(new PanelFailedError(buildPanelBench(bench)));

  let result: PanelResult | undefined;
  if (streamed) {
    if (run.wanted()) streamed.end(run.skipped);
    // The result's text (a reply that is not streamed) is in seat order; the stream sent the same blocks as the seats ended.
    const text = formatAllAnswers(seats, run.skipped);
    result = { panel: id, text, finishReason: 'stop', usage: addUsage(seats.map((s) => s.usage)), bench: buildPanelBench(bench) };
  } else {
    result = await mergeAnswers(run, context, request, seats);
    if (!result) return fail(new PanelAbortedError(id));
  }
  if (run.wanted()) emit({ type: 'done', ...result });
  return result;
}

function callContext(run: Execution): CallContext {
  const { collection } = run;
  // Key by key: `{ ...(a ? { a } : {}), ...(b ? { b } : {}) }` takes Node 20's slow path when both are set.
  const options: FailoverOptions = {};
  if (collection.timeouts) options.timeouts = collection.timeouts;
  if (collection.retry) options.retry = collection.retry;
  const context: CallContext = { client: run.client, options, stop: run.stop, collection: collection.name };
  if (run.keyName !== undefined) context.keyName = run.keyName;
  if (run.shape !== undefined) context.shape = run.shape;
  if (run.recorder) context.recorder = run.recorder;
  if (run.onRecordError) context.onRecordError = run.onRecordError;
  return context;
}
