import { sampleBeta } from './sample-beta';

/**
 * `order: "learned"`: a Thompson draw of a member's chance of a useful answer, from the Beta posterior of its
 * verdicts under a uniform prior, Beta(1 + useful, 1 + notUseful). A thin record draws widely (and so gets its turn);
 * a long one draws near its share of useful verdicts. Route ranking and panel seating both draw with this.
 */
export function sampleUsefulness(useful: number, notUseful: number, random: () => number): number {
  return sampleBeta(1 + useful, 1 + notUseful, random);
}

/** The posterior's mean, (1 + useful) / (2 + useful + notUseful): what a draw is told beside. */
export function meanUsefulness(useful: number, notUseful: number): number {
  return (1 + useful) / (2 + useful + notUseful);
}
