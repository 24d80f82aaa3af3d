import { excludeMembers } from './exclude-members';
import type { Collection } from './member';
import { orderMembers } from './order-members';
import type { RankedMember } from './ranked-member';
import { resolveSettings } from './resolve-settings';
import { shapeOf } from './shape-of';
import type { RouteSettings } from './route-settings';
import type { SkippedMember } from './skipped-member';
import type { MemberRecord } from './stores/record-source';
import { validateCollection } from './validate-collection';
import { validateRecords } from './validate-records';

export interface RankInput {
  collection: Collection;
  records: ReadonlyMap<string, MemberRecord> | Readonly<Record<string, MemberRecord>>;
  /** Default `general`. */
  shape?: string;
  settings?: Partial<RouteSettings>;
  /** Members cooling down now (tried last). */
  cooling?: ReadonlySet<string>;
  /** Uniform [0, 1) for `learned` (default Math.random). */
  random?: () => number;
}

export interface Ranking {
  shape: string;
  order: RouteSettings['order'];
  /** The order the next new conversation would get, without rotation, each with why. */
  ranking: RankedMember[];
  /** `record` order: with this chance (`rotate`) the member named goes first instead (its record is the oldest). */
  rotation?: { chance: number; alias: string; why: string };
  /** Members never picked automatically (retired, ad hoc, vision specialists for a request without images). */
  skipped: SkippedMember[];
}

/**
 * What the next new conversation on a collection would get, with why, for a
 * plain request (no tools, no images) and no store: for `GET /bench/records`
 * and `stats`. Plans themselves carry the same `ranking`.
 */
export function rankMembers(input: RankInput): Ranking {
  validateCollection(input.collection);
  const settings = resolveSettings(input.settings);
  const shape = shapeOf(input.shape);
  const records = input.records instanceof Map ? input.records : new Map(Object.entries(input.records));
  validateRecords(records);
  const { eligible, skipped } = excludeMembers(input.collection.members, { needsTools: false, hasImages: false, hasDocuments: false }, 0);
  const cooling = input.cooling ?? new Set<string>();
  const random = input.random ?? Math.random;
  const base = { eligible, records, cooling, shape };
  const ranking = orderMembers({ ...base, settings: { order: settings.order, rotate: 0 }, random }).rank();
  const result: Ranking = { shape, order: settings.order, ranking, skipped };
  if (settings.order === 'record' && settings.rotate > 0 && eligible.length > 1) {
    const rotated = orderMembers({ ...base, settings: { order: 'record', rotate: 1 }, random: () => 0 })
      .rank()
      .find((ranked) => ranked.rotated);
    if (rotated) result.rotation = { chance: settings.rotate, alias: rotated.alias, why: rotated.why };
  }
  return result;
}
