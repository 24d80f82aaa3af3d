import type { SkippedMember } from './panel-bench';
import type { PanelCollection } from './panel-member';
import { drawSeats } from './draw-seats';
import { readRecord, whereRead, type ReadRecord, type UsefulRecords } from './panel-record';
import type { Candidate } from './seat-members';

export const DEFAULT_MAX_EXPLORERS = 2;

export interface PickedSeats {
  /** In seat order. */
  seats: Candidate[];
  skipped: SkippedMember[];
  explorers: string[];
}

/**
 * Everyone who can take the request sits while they fit in `maxCalls` (as
 * before explorers). With more, `maxCalls` − E seats go to the best records on
 * the shape (useful verdicts, ties in seat order) and E = min(maxExplorers,
 * maxCalls − 1) to explorers: the least recorded on the shape (fewest calls,
 * then oldest use, then seat order). A member next in line to explore that
 * cannot take the request is skipped with why (`explorer: …`) and the next one
 * takes its place. With `order: "learned"` the seats are drawn instead (`drawSeats`).
 */
export function pickSeats(
  candidates: readonly Candidate[],
  collection: PanelCollection,
  records: UsefulRecords | undefined,
  shape: string,
  random: () => number,
): PickedSeats {
  const { maxCalls } = collection;
  // One pass for the common case (everyone who can take the request fits): every panel request comes here.
  const eligible: Candidate[] = [];
  const unable: SkippedMember[] = [];
  for (const c of candidates) {
    if (c.why === undefined) eligible.push(c);
    else unable.push({ seat: c.seat, alias: c.alias, why: c.why });
  }
  if (maxCalls === undefined || eligible.length <= maxCalls) return { seats: eligible, skipped: unable, explorers: [] };
  if (collection.order === 'learned') return drawSeats(candidates, maxCalls, records, shape, random);
  const explorerSeats = Math.min(collection.maxExplorers ?? DEFAULT_MAX_EXPLORERS, maxCalls - 1);
  const recordSeats = maxCalls - explorerSeats;
  const read = new Map(candidates.map((c) => [c.alias, readRecord(records, c.alias, shape)]));
  const recordOf = (c: Candidate) => read.get(c.alias) as ReadRecord;
  const seated = new Set<Candidate>([...eligible].sort((a, b) => recordOf(b).useful - recordOf(a).useful || a.seat - b.seat).slice(0, recordSeats));
  const explorers = new Set<Candidate>();
  const passedOver = new Set<Candidate>();
  const leastFirst = candidates
    .filter((c) => !seated.has(c))
    .sort((a, b) => recordOf(a).calls - recordOf(b).calls || lastUse(recordOf(a)) - lastUse(recordOf(b)) || a.seat - b.seat);
  for (const candidate of leastFirst) {
    if (explorers.size >= explorerSeats) break;
    if (candidate.why !== undefined) passedOver.add(candidate);
    else explorers.add(candidate);
  }
  const skipped: SkippedMember[] = [];
  for (const c of candidates) {
    if (c.why !== undefined) {
      skipped.push(
        passedOver.has(c) ? { seat: c.seat, alias: c.alias, why: `explorer: ${c.why}`, explorer: true } : { seat: c.seat, alias: c.alias, why: c.why },
      );
    } else if (!seated.has(c) && !explorers.has(c)) {
      const own = recordOf(c);
      const why =
        `over the collection's maxCalls (${maxCalls}): ${recordSeats} seat${recordSeats === 1 ? '' : 's'} for the best records on ${shape}, ` +
        `${explorerSeats} for explorers; its record: ${own.useful} useful in ${own.calls} calls ${whereRead(own, shape)}`;
      skipped.push({ seat: c.seat, alias: c.alias, why });
    }
  }
  const seats = candidates.filter((c) => seated.has(c) || explorers.has(c));
  return { seats, skipped, explorers: seats.filter((c) => explorers.has(c)).map((c) => c.alias) };
}

/** Never used counts as the oldest use. */
function lastUse(record: ReadRecord): number {
  return record.lastUsedAt ?? Number.NEGATIVE_INFINITY;
}
