import type { NeutralRequest } from '@bench/formats';
import { buildPanelBench } from './build-panel-bench';
import { addUsage } from './add-usage';
import type { CallContext } from './call-member';
import { PanelAbortedError } from './errors/panel-aborted-error';
import { PanelFailedError } from './errors/panel-failed-error';
import { formatAllAnswers } from './format-all-answers';
import type { PanelEvent, PanelResult, SeatedSeat } from './panel-event';
import type { BenchSeat, SkippedMember } from './panel-bench';
import type { PanelMember } from './panel-member';
import { rankMergers } from './rank-mergers';
import { runMerger } from './run-merger';
import { runSeat } from './run-seat';
import type { PanelInput } from './run-panel';

export interface Execution extends Omit<PanelInput, 'signal' | 'id' | 'with' | 'newId'> {
  id: string;
  seats: readonly PanelMember[];
  seated: readonly SeatedSeat[];
  skipped: readonly SkippedMember[];
  signal: AbortSignal;
  emit: (event: PanelEvent) => void;
}

/** Runs the seats in parallel, then (merged) the merger; emits every event; settles with the result or the error. */
export async function executePanel(run: Execution): Promise<PanelResult> {
  const { id, collection, signal, emit } = run;
  const context: CallContext = {
    client: run.client,
    options: { signal, ...(collection.timeouts ? { timeouts: collection.timeouts } : {}), ...(collection.retry ? { retry: collection.retry } : {}) },
    collection: collection.name,
    ...(run.keyName !== undefined ? { keyName: run.keyName } : {}),
    ...(run.recorder ? { recorder: run.recorder } : {}),
    ...(run.onRecordError ? { onRecordError: run.onRecordError } : {}),
  };
  const request: NeutralRequest = { ...run.request, stream: true, streamUsage: true };
  emit({ type: 'seated', panel: id, seats: [...run.seated], skipped: [...run.skipped] });

  const seats = await Promise.all(
    run.seats.map(async (member, i) => {
      const seat = await runSeat(context, member, `${id}.${i + 1}`, request);
      emit({ type: 'seat-done', seat });
      return seat;
    }),
  );
  const answered = seats.filter((s) => s.status === 'ok');
  const bench = { panel: id, collection: collection.name, reply: run.mode, seats };
  if (signal.aborted) return fail(emit, new PanelAbortedError(id));
  if (answered.length === 0) return fail(emit, new PanelFailedError(buildPanelBench({ ...bench, skipped: run.skipped })));

  if (run.mode === 'all') {
    const text = formatAllAnswers(seats, run.skipped);
    return finish(emit, { text, finishReason: 'stop', usage: addUsage(seats.map((s) => s.usage)), bench: buildPanelBench({ ...bench, skipped: run.skipped }) });
  }

  const ranking = rankMergers(collection, run.models, run.records);
  const merged = await runMerger(context, ranking.candidates, request, answered, `${id}.merger`, (text) =>
    emit({ type: 'text-delta', text }),
  );
  if (signal.aborted) return fail(emit, new PanelAbortedError(id));
  const skipped = [...run.skipped, ...ranking.skipped, ...merged.skipped];
  const usage = addUsage([...seats.map((s) => s.usage), merged.usage]);
  const note = merged.fallbackNote;
  const mergedBench = buildPanelBench({ ...bench, skipped, ...(merged.merger ? { merger: merged.merger } : {}), ...(note ? { note } : {}) });
  if (note === undefined) {
    return done(emit, { panel: id, text: merged.text, finishReason: merged.finishReason ?? 'stop', usage, bench: mergedBench });
  }
  const fallback = formatAllAnswers(seats, skipped, note);
  const text = merged.partial ? `${merged.text}\n\n${fallback}` : fallback;
  emit({ type: 'text-delta', text: merged.partial ? `\n\n${fallback}` : fallback });
  return done(emit, { panel: id, text, finishReason: 'stop', usage, bench: mergedBench });

  function finish(emitTo: typeof emit, body: Omit<PanelResult, 'panel'>): PanelResult {
    emitTo({ type: 'text-delta', text: body.text });
    return done(emitTo, { panel: id, ...body });
  }
}

function done(emit: (event: PanelEvent) => void, result: PanelResult): PanelResult {
  emit({ type: 'done', ...result });
  return result;
}

function fail(emit: (event: PanelEvent) => void, error: PanelFailedError | PanelAbortedError): never {
  emit({ type: 'error', error });
  throw error;
}
