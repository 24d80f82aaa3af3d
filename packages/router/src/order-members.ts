import type { Member } from './member';
import type { RouteSettings } from './route-settings';
import type { MemberRecord } from './stores/record-source';

export interface OrderInput {
  eligible: readonly Member[];
  records: ReadonlyMap<string, MemberRecord>;
  /** Aliases cooling down (rate limited, circuit open): tried last. */
  cooling: ReadonlySet<string>;
  settings: Pick<RouteSettings, 'order' | 'rotate'>;
  random: () => number;
}

export interface Ordered {
  members: Member[];
  /** The least recently used member was moved first by rotation. */
  rotated: boolean;
}

/**
 * The order for a new conversation: by record (useful verdicts, then score,
 * then paid, then as listed) or as listed; with probability `rotate` (record
 * order only) the least recently used member goes first; cooling members last.
 */
export function orderMembers(input: OrderInput): Ordered {
  const { eligible, records, settings } = input;
  let members = settings.order === 'listed' ? [...eligible] : rankByRecord(eligible, records);
  let rotated = false;
  if (settings.order === 'record' && settings.rotate > 0 && input.random() < settings.rotate) {
    const oldest = leastRecentlyUsed(members, records, input.cooling);
    if (oldest !== undefined) {
      members = moveFirst(members, oldest);
      rotated = true;
    }
  }
  return { members: coolingLast(members, input.cooling), rotated };
}

function rankByRecord(eligible: readonly Member[], records: ReadonlyMap<string, MemberRecord>): Member[] {
  const keyed = eligible.map((member, index) => {
    const record = records.get(member.alias);
    return {
      member,
      index,
      useful: record?.useful ?? 0,
      score: record?.score ?? member.score ?? Number.NEGATIVE_INFINITY,
      paid: member.paid === true ? 1 : 0,
    };
  });
  keyed.sort((a, b) => b.useful - a.useful || compareScore(a.score, b.score) || b.paid - a.paid || a.index - b.index);
  return keyed.map((entry) => entry.member);
}

function compareScore(a: number, b: number): number {
  return a === b ? 0 : a > b ? -1 : 1;
}

/** Among members not cooling, the one whose last use is oldest (never used counts as oldest). */
function leastRecentlyUsed(
  members: readonly Member[],
  records: ReadonlyMap<string, MemberRecord>,
  cooling: ReadonlySet<string>,
): Member | undefined {
  let oldest: Member | undefined;
  let oldestAt = Number.POSITIVE_INFINITY;
  for (const member of members) {
    if (cooling.has(member.alias)) continue;
    const at = records.get(member.alias)?.lastUsedAt ?? Number.NEGATIVE_INFINITY;
    if (oldest === undefined || at < oldestAt) {
      oldest = member;
      oldestAt = at;
    }
  }
  return oldest;
}

export function moveFirst(members: readonly Member[], first: Member): Member[] {
  return [first, ...members.filter((member) => member !== first)];
}

/** Stable partition: members not cooling keep their order, then the cooling ones. */
export function coolingLast(members: readonly Member[], cooling: ReadonlySet<string>): Member[] {
  if (cooling.size === 0) return [...members];
  return [
    ...members.filter((member) => !cooling.has(member.alias)),
    ...members.filter((member) => cooling.has(member.alias)),
  ];
}
