import type { BenchSeat, SkippedMember } from './panel-bench';

/** One seat's labelled block, in Markdown. */
export function formatSeatAnswer(seat: BenchSeat): string {
  if (seat.status === 'ok') return `### ${seat.alias} · call ${seat.call}\n\n${seat.answer.trim()}\n\n`;
  return `### ${seat.alias} · call ${seat.call} · failed\n\n> ${seat.alias} did not answer (${seat.status}): ${seat.error ?? 'no reason given'}\n\n`;
}

/** The closing line naming who was not asked, and why ('' when everyone was). */
export function formatSkipped(skipped: readonly SkippedMember[]): string {
  const seats = skipped.filter((s) => s.seat !== undefined);
  if (seats.length === 0) return '';
  return `---\n\n*Not asked:* ${seats.map((s) => `${s.alias} (${s.why})`).join('; ')}.\n`;
}

/** The `all` reply: a note (if any), every seat's labelled answer in seat order, then who was not asked. */
export function formatAllAnswers(seats: readonly BenchSeat[], skipped: readonly SkippedMember[], note?: string): string {
  return (note ? `> ${note}\n\n` : '') + seats.map(formatSeatAnswer).join('') + formatSkipped(skipped);
}
