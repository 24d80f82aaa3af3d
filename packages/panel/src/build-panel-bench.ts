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
  // Key by key, in the reply's order: spreads of optional keys make an object Node 20 is slow to build and to stringify.
  const bench = { panel: input.panel, collection: input.collection } as PanelBench;
  if (input.shape !== undefined) bench.shape = input.shape;
  if (input.shapeBy !== undefined) bench.shape_by = input.shapeBy;
  bench.seats = [...input.seats];
  bench.reply = input.reply;
  if (input.merger) bench.merger = input.merger;
  if (input.note) bench.note = input.note;
  if (input.skipped && input.skipped.length > 0) bench.skipped = [...input.skipped];
  if (answered) bench.verdict = { post: '/bench/verdict', body: { call: answered, useful: true } };
  return bench;
}
