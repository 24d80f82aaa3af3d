import { meanUsefulness, sampleUsefulness } from '@bench/contracts';
import type { Member } from './member';
import type { RankedMember } from './ranked-member';
import { recordOnShape, type RecordOnShape } from './record-on-shape';
import type { RouteSettings } from './route-settings';
import type { MemberRecord } from './stores/record-source';

export interface OrderInput {
  eligible: readonly Member[];
  records: ReadonlyMap<string, MemberRecord>;
  /** Aliases cooling down (rate limited, circuit open): tried last. */
  cooling: ReadonlySet<string>;
  settings: Pick<RouteSettings, 'order' | 'rotate'>;
  random: () => number;
  /** The request's shape (default `general`): records are read on it, falling back to the whole record. */
  shape?: string;
}

export interface Ordered {
  members: Member[];
  /** The least recently used member was moved first by rotation. */
  rotated: boolean;
  /** Every eligible member in the order, with why (built when called: a plan nobody explains pays nothing). */
  rank(): RankedMember[];
  /** Why one member is where it is in the order (`rank()[i].why`). */
  why(alias: string): string;
}

interface Keyed {
  member: Member;
  index: number;
  read: RecordOnShape;
  score: number;
  paid: number;
  sample: number | undefined;
}

/**
 * The order for a new conversation: by record on the shape (useful verdicts,
 * then fewer not-useful ones, then score, then paid, then as listed), by Thompson sampling (`learned`), or
 * as listed; with probability `rotate` (record order only) the least recently
 * used member goes first; cooling members last.
 */
export function orderMembers(input: OrderInput): Ordered {
  const { eligible, records, settings, random } = input;
  const shape = input.shape ?? 'general';
  let keyed = eligible.map((member, index): Keyed => {
    const record = records.get(member.alias);
    return {
      member,
      index,
      read: recordOnShape(record, shape),
      score: record?.score ?? member.score ?? Number.NEGATIVE_INFINITY,
      paid: member.paid === true ? 1 : 0,
      sample: undefined,
    };
  });
  if (settings.order === 'record') keyed.sort(byRecord);
  else if (settings.order === 'learned') {
    for (const entry of keyed) entry.sample = sampleUsefulness(entry.read.useful, entry.read.notUseful, random);
    keyed.sort((a, b) => (b.sample as number) - (a.sample as number) || a.index - b.index);
  }
  let rotatedAlias: string | undefined;
  if (settings.order === 'record' && settings.rotate > 0 && random() < settings.rotate) {
    const oldest = leastRecentlyUsed(keyed, input.cooling);
    if (oldest !== undefined) {
      keyed = [oldest, ...keyed.filter((entry) => entry !== oldest)];
      rotatedAlias = oldest.member.alias;
    }
  }
  const members = coolingLast(
    keyed.map((entry) => entry.member),
    input.cooling,
  );
  const { cooling } = input;
  const entryOf = (alias: string): Keyed => keyed.find((entry) => entry.member.alias === alias) as Keyed;
  return {
    members,
    rotated: rotatedAlias !== undefined,
    rank: () => members.map((member, i) => explain(entryOf(member.alias), i + 1, settings.order, shape, rotatedAlias, cooling)),
    why: (alias) => whyOf(entryOf(alias), settings.order, shape, rotatedAlias, cooling),
  };
}

function byRecord(a: Keyed, b: Keyed): number {
  // Fewer not-useful verdicts break a tie on useful ones: a person who marks a member's answers not useful sees it move down.
  return b.read.useful - a.read.useful || a.read.notUseful - b.read.notUseful || compareScore(a.score, b.score) || b.paid - a.paid || a.index - b.index;
}

function compareScore(a: number, b: number): number {
  return a === b ? 0 : a > b ? -1 : 1;
}

/** Among members not cooling, the one whose last use on the shape is oldest (never used counts as oldest). */
function leastRecentlyUsed(keyed: readonly Keyed[], cooling: ReadonlySet<string>): Keyed | undefined {
  let oldest: Keyed | undefined;
  let oldestAt = Number.POSITIVE_INFINITY;
  for (const entry of keyed) {
    if (cooling.has(entry.member.alias)) continue;
    const at = entry.read.lastUsedAt ?? Number.NEGATIVE_INFINITY;
    if (oldest === undefined || at < oldestAt) {
      oldest = entry;
      oldestAt = at;
    }
  }
  return oldest;
}

function explain(
  entry: Keyed,
  place: number,
  order: RouteSettings['order'],
  shape: string,
  rotatedAlias: string | undefined,
  cooling: ReadonlySet<string>,
): RankedMember {
  const { read } = entry;
  const alias = entry.member.alias;
  const why = whyOf(entry, order, shape, rotatedAlias, cooling);
  const ranked: RankedMember = { alias, place, record: read.from, useful: read.useful, notUseful: read.notUseful, why };
  if (entry.sample !== undefined) ranked.sample = entry.sample;
  if (alias === rotatedAlias) ranked.rotated = true;
  if (cooling.has(alias)) ranked.cooling = true;
  return ranked;
}

/** Why a member is where it is (a plan says it for each planned member; `rank()` for every eligible one). */
function whyOf(entry: Keyed, order: RouteSettings['order'], shape: string, rotatedAlias: string | undefined, cooling: ReadonlySet<string>): string {
  const { read } = entry;
  const alias = entry.member.alias;
  const where = read.from === 'shape' ? `on ${shape}` : read.from === 'whole' ? `overall (no record on ${shape})` : 'with no record';
  let why: string;
  if (order === 'listed') why = `listed ${ordinal(entry.index + 1)}`;
  else if (order === 'learned') {
    const mean = meanUsefulness(read.useful, read.notUseful);
    why = `drew ${(entry.sample as number).toFixed(3)} from Beta(${1 + read.useful}, ${1 + read.notUseful}) ${where}, mean ${mean.toFixed(3)}`;
  } else {
    why = `${read.useful} useful verdict${read.useful === 1 ? '' : 's'}${read.notUseful > 0 ? ` and ${read.notUseful} not useful` : ''} ${where}`;
    if (Number.isFinite(entry.score)) why += `, score ${entry.score}`;
    if (entry.paid === 1) why += ', paid';
    if (alias === rotatedAlias) {
      const last = read.lastUsedAt === undefined ? 'never used' : `last used ${new Date(read.lastUsedAt).toISOString()}`;
      why = `rotated first, the least recently used (${last}); ${why}`;
    }
  }
  if (cooling.has(alias)) why += '; cooling down: tried last';
  return why;
}

function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${n % 10 === 1 ? 'st' : n % 10 === 2 ? 'nd' : n % 10 === 3 ? 'rd' : 'th'}`;
}

export function moveFirst(members: readonly Member[], first: Member): Member[] {
  return [first, ...members.filter((member) => member !== first)];
}

/** Stable partition: members not cooling keep their order, then the cooling ones. */
export function coolingLast(members: readonly Member[], cooling: ReadonlySet<string>): Member[] {
  if (cooling.size === 0) return [...members];
  return [...members.filter((member) => !cooling.has(member.alias)), ...members.filter((member) => cooling.has(member.alias))];
}
