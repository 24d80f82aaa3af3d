import type { BenchSeat, SkippedMember } from './panel-bench';

/** One seat's labelled block, in Markdown. */
export function formatSeatAnswer(seat: BenchSeat): string {
  if (seat.status === 'ok') return `### ${seat.alias} · call ${seat.call}\n\n${seat.answer.trim()}\n\n`;
  return `### ${seat.alias} · call ${seat.call} · failed\n\n> ${seat.alias} did not answer (${seat.status}): ${seat.error ?? 'no reason given'}\n\n`;
}

/** The closing line naming who was not asked, and why ('' when everyone was). */
export function formatSkipped(skipped: readonly SkippedMember[]): string {
  // Loops, not filter/map/join: every `all` reply comes here, most with no one skipped.
  let named = '';
  for (const s of skipped) if (s.seat !== undefined) named += `${named === '' ? '' : '; '}${s.alias} (${s.why})`;
  return named === '' ? '' : `---\n\n*Not asked:* ${named}.\n`;
}

/** The `all` reply: a note (if any), every seat's labelled answer in seat order, then who was not asked. */
export function formatAllAnswers(seats: readonly BenchSeat[], skipped: readonly SkippedMember[], note?: string): string {
  let text = note ? `> ${note}\n\n` : '';
  for (const seat of seats) text += formatSeatAnswer(seat);
  return text + formatSkipped(skipped);
}
