import { meanUsefulness, sampleUsefulness } from '@bench/contracts';
import type { SkippedMember } from './panel-bench';
import { readRecord, whereRead, type UsefulRecords } from './panel-record';
import type { PickedSeats } from './pick-seats';
import type { Candidate } from './seat-members';

/**
 * `order: "learned"`, with more eligible members than `maxCalls`: each eligible member draws its chance of a useful
 * answer on the shape from its verdicts (`sampleUsefulness`, the draw route ranking uses), and the `maxCalls`
 * highest draws sit (ties in seat order). A thin record draws widely, so a new member gets seated without explorer
 * seats; one whose verdicts are mostly useful draws high and sits more often as they arrive.
 */
export function drawSeats(
  candidates: readonly Candidate[],
  maxCalls: number,
  records: UsefulRecords | undefined,
  shape: string,
  random: () => number,
): PickedSeats {
  const drawn = candidates
    .filter((c) => c.why === undefined)
    .map((candidate) => {
      const read = readRecord(records, candidate.alias, shape);
      return { candidate, read, sample: sampleUsefulness(read.useful, read.notUseful, random) };
    });
  const seated = new Set(
    [...drawn]
      .sort((a, b) => b.sample - a.sample || a.candidate.seat - b.candidate.seat)
      .slice(0, maxCalls)
      .map((entry) => entry.candidate),
  );
  const skipped: SkippedMember[] = [];
  for (const c of candidates) {
    if (c.why !== undefined) skipped.push({ seat: c.seat, alias: c.alias, why: c.why });
    else if (!seated.has(c)) {
      const { read, sample } = drawn.find((entry) => entry.candidate === c)!;
      const why =
        `over the collection's maxCalls (${maxCalls}): the seats went to the ${maxCalls} highest draws on ${shape} (order learned); ` +
        `it drew ${sample.toFixed(3)} from Beta(${1 + read.useful}, ${1 + read.notUseful}) ${whereRead(read, shape)}, ` +
        `mean ${meanUsefulness(read.useful, read.notUseful).toFixed(3)}`;
      skipped.push({ seat: c.seat, alias: c.alias, why });
    }
  }
  return { seats: candidates.filter((c) => seated.has(c)), skipped, explorers: [] };
}
