import type { BenchSeat, SeatedSeat, SkippedMember } from '@bench/panel';

/** A panel's progress while its seats work: who sat, then each seat as it ends (its answer, status and call id). */
export type TurnProgress =
  | { type: 'seated'; panel: string; seats: readonly SeatedSeat[]; skipped: readonly SkippedMember[] }
  | { type: 'seat-done'; seat: BenchSeat };
