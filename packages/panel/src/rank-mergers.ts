import type { SkippedMember } from './panel-bench';
import { lookupMember, type MemberLookup, type PanelCollection, type PanelMember } from './panel-member';

/** Useful-verdict counts per alias on this kind of prompt (the gateway fills it from the ledger's stats). */
export type UsefulRecords =
  | ((alias: string) => number | undefined)
  | ReadonlyMap<string, number>
  | Readonly<Record<string, number>>;

function usefulOf(records: UsefulRecords | undefined, alias: string): number {
  if (!records) return 0;
  if (typeof records === 'function') return records(alias) ?? 0;
  if (records instanceof Map) return records.get(alias) ?? 0;
  const record = records as Readonly<Record<string, number>>;
  return Object.hasOwn(record, alias) ? (record[alias] ?? 0) : 0;
}

export interface MergerRanking {
  /** Who may merge, best first: the collection's `merger`, then members by useful verdicts (ties in listed order). */
  candidates: PanelMember[];
  /** Candidates passed over (retired, ad hoc, unknown merger), each with why. */
  skipped: SkippedMember[];
}

/** The merger candidates in order; the run takes the first whose window fits the merge prompt. */
export function rankMergers(collection: PanelCollection, models: MemberLookup, records?: UsefulRecords): MergerRanking {
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
    .map((alias, index) => ({ alias, index, member: lookupMember(models, alias), useful: usefulOf(records, alias) }))
    .filter((c) => c.member && !c.member.retired && !c.member.adHoc && c.alias !== named)
    .sort((a, b) => b.useful - a.useful || a.index - b.index);
  for (const c of ranked) if (c.member) candidates.push(c.member);
  return { candidates, skipped };
}
