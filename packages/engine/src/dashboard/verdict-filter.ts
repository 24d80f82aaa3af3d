/** A list's verdict filter: `given`, one of its calls has a verdict; `needed`, none has one yet. */
export const VERDICT_FILTERS = ['given', 'needed'] as const;

export type VerdictFilter = (typeof VERDICT_FILTERS)[number];

/** The ledger's form of it: whether a verdict is there. */
export function isJudged(filter: VerdictFilter): boolean {
  return filter === 'given';
}
