/** What one pass of retention deleted. */
export interface PruneCounts {
  calls: number;
  /** Verdicts on the deleted calls (their effect on records stays in the running totals). */
  verdicts: number;
  turns: number;
  /** Transactions it took (each at most the batch size of calls and of turns). */
  batches: number;
}

export const NOTHING_PRUNED: Readonly<PruneCounts> = Object.freeze({ calls: 0, verdicts: 0, turns: 0, batches: 0 });

export function addPruned(a: PruneCounts, b: PruneCounts): PruneCounts {
  return { calls: a.calls + b.calls, verdicts: a.verdicts + b.verdicts, turns: a.turns + b.turns, batches: a.batches + b.batches };
}
