import { formatSeatAnswer, formatSkipped } from './format-all-answers';
import type { BenchSeat, SkippedMember } from './panel-bench';
import type { PanelEvent } from './panel-event';

/**
 * An `all` panel's text as its seats end: each seat's labelled answer as soon
 * as it ends, in the order they end. A failed seat waits for the first seat
 * that answered, so that a panel whose every seat failed sends no text (it is
 * a 502, or an error event, naming each seat's reason).
 */
export class SeatAnswerStream {
  private readonly held: BenchSeat[] = [];
  private answered = false;

  constructor(private readonly emit: (event: PanelEvent) => void) {}

  /** A seat ended. */
  add(seat: BenchSeat): void {
    if (!this.answered && seat.status !== 'ok') {
      this.held.push(seat);
      return;
    }
    this.answered = true;
    const seats = [...this.held.splice(0), seat];
    this.emit({ type: 'text-delta', text: seats.map(formatSeatAnswer).join('') });
  }

  /** Every seat ended: who was not asked, and why. */
  end(skipped: readonly SkippedMember[]): void {
    const closing = formatSkipped(skipped);
    if (closing) this.emit({ type: 'text-delta', text: closing });
  }
}
