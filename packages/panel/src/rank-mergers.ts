import type { SkippedMember } from './panel-bench';
import { lookupMember, type MemberLookup, type PanelCollection, type PanelMember } from './panel-member';
import { readRecord, type UsefulRecords } from './panel-record';

export type { UsefulRecords } from './panel-record';

export interface MergerRanking {
  /** Who may merge, best first: the collection's `merger`, then members by useful verdicts on the shape (ties in listed order). */
  candidates: PanelMember[];
  /** Candidates passed over (retired, ad hoc, unknown merger), each with why. */
  skipped: SkippedMember[];
}

/**
 * The merger candidates in order; the run takes the first whose window fits the merge prompt. Records are read on
 * `shape` (default `general`), each member's whole record where the shape has none.
 */
export function rankMergers(collection: PanelCollection, models: MemberLookup, records?: UsefulRecords, shape = 'general'): MergerRanking {
  const skipped: SkippedMember[] = [];
  const candidates: PanelMember[] = [];
  const named = collection.merger ? collection.merger : undefined;
  if (named) {
    const member = lookupMember(models, named);
    if (!member) skipped.push({ alias: named, why: 'merger: unknown model' });
    else if (member.retired) skipped.push({ alias: named, why: `merger: retired since ${member.retired.at}: ${member.retired.why}` });
    else candidates.push(member);
  }
  const ranked = collection.members
    .map((alias, index) => ({ alias, index, member: lookupMember(models, alias), useful: readRecord(records, alias, shape).useful }))
    .filter((c) => c.member && !c.member.retired && !c.member.adHoc && c.alias !== named)
    .sort((a, b) => b.useful - a.useful || a.index - b.index);
  for (const c of ranked) if (c.member) candidates.push(c.member);
  return { candidates, skipped };
}
