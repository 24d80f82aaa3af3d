import type { BenchMerger, BenchSeat, PanelBench, PanelReplyMode, SkippedMember } from './panel-bench';

export interface PanelBenchInput {
  panel: string;
  collection: string;
  shape?: string;
  shapeBy?: string;
  reply: PanelReplyMode;
  seats: readonly BenchSeat[];
  merger?: BenchMerger;
  note?: string;
  skipped?: readonly SkippedMember[];
}

/**
 * The reply's `bench` object. The verdict points at the call whose text is the
 * answer: the merger's when it merged, else the first seat that answered.
 */
export function buildPanelBench(input: PanelBenchInput): PanelBench {
  const answered = input.merger?.status === 'ok' ? input.merger.call : input.seats.find((s) => s.status === 'ok')?.call;
  return {
    panel: input.panel,
    collection: input.collection,
    ...(input.shape !== undefined ? { shape: input.shape } : {}),
    ...(input.shapeBy !== undefined ? { shape_by: input.shapeBy } : {}),
    seats: [...input.seats],
    reply: input.reply,
    ...(input.merger ? { merger: input.merger } : {}),
    ...(input.note ? { note: input.note } : {}),
    ...(input.skipped && input.skipped.length > 0 ? { skipped: [...input.skipped] } : {}),
    ...(answered ? { verdict: { post: '/bench/verdict', body: { call: answered, useful: true } } } : {}),
  };
}
