import type { NeutralRequest } from '@bench/formats';
import { addUsage } from './add-usage';
import { buildPanelBench } from './build-panel-bench';
import type { CallContext } from './call-member';
import { benchShape } from './bench-shape';
import type { Execution } from './execute-panel';
import { formatAllAnswers } from './format-all-answers';
import type { BenchSeat } from './panel-bench';
import type { PanelResult } from './panel-event';
import { rankMergers } from './rank-mergers';
import { runMerger } from './run-merger';

/**
 * The `merged` reply: the merger's text as it streams, or, when the merger
 * failed or none fits, a note and every answer (after any merged text already sent).
 * Undefined when the caller went away meanwhile.
 */
export async function mergeAnswers(run: Execution, context: CallContext, request: NeutralRequest, seats: BenchSeat[]): Promise<PanelResult | undefined> {
  const { id, emit } = run;
  const ranking = rankMergers(run.collection, run.models, run.records, run.shape);
  const answered = seats.filter((s) => s.status === 'ok');
  const merged = await runMerger(context, ranking.candidates, request, answered, `${id}.merger`, (text) => emit({ type: 'text-delta', text }));
  if (run.stop.stopped) return undefined;
  const skipped = [...run.skipped, ...ranking.skipped, ...merged.skipped];
  const note = merged.fallbackNote;
  const bench = buildPanelBench({
    panel: id,
    collection: run.collection.name,
    ...benchShape(run),
    reply: 'merged',
    seats,
    skipped,
    ...(merged.merger ? { merger: merged.merger } : {}),
    ...(note ? { note } : {}),
  });
  const usage = addUsage([...seats.map((s) => s.usage), merged.usage]);
  if (note === undefined) return { panel: id, text: merged.text, finishReason: merged.finishReason ?? 'stop', usage, bench };

  const fallback = (merged.partial ? '\n\n' : '') + formatAllAnswers(seats, skipped, note);
  emit({ type: 'text-delta', text: fallback });
  return { panel: id, text: merged.text + fallback, finishReason: 'stop', usage, bench };
}
