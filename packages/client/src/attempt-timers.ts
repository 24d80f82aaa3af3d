import type { TimeoutKind } from './errors/timeout-error';
import type { Timeouts } from './settings';

/**
 * The three deadlines of one attempt: first piece (headers included), idle gap
 * after it, and total. One timer serves all three: a piece only notes the
 * time, and the timer, when it fires, works out which deadline (if any)
 * passed and sleeps until the next one. Three timers re-armed on every piece
 * cost more than the checks.
 */
export class AttemptTimers {
  private timer: NodeJS.Timeout;
  private readonly startedAt = performance.now();
  /** When the timer is due (performance.now() time). */
  private dueAt: number;
  private lastPieceAt: number | undefined;
  private cleared = false;

  constructor(
    private readonly timeouts: Timeouts,
    private readonly onTimeout: (timeout: TimeoutKind, ms: number) => void,
  ) {
    const wait = Math.min(timeouts.firstTokenMs, timeouts.totalMs);
    this.dueAt = this.startedAt + wait;
    this.timer = setTimeout(this.check, wait);
  }

  /** A piece arrived: the first one ends the first-token deadline; each one restarts the idle one. */
  piece(): void {
    const now = performance.now();
    const first = this.lastPieceAt === undefined;
    this.lastPieceAt = now;
    // Later pieces only move the idle deadline later; the first may bring it before the timer is due.
    if (first && !this.cleared && now + this.timeouts.idleMs < this.dueAt) this.arm(this.timeouts.idleMs);
  }

  clear(): void {
    this.cleared = true;
    clearTimeout(this.timer);
  }

  private readonly check = (): void => {
    if (this.cleared) return;
    const { firstTokenMs, idleMs, totalMs } = this.timeouts;
    const now = performance.now();
    const totalLeft = this.startedAt + totalMs - now;
    if (totalLeft <= 0) return this.onTimeout('total', totalMs);
    const pieceLeft = this.lastPieceAt === undefined ? this.startedAt + firstTokenMs - now : this.lastPieceAt + idleMs - now;
    if (pieceLeft <= 0) return this.onTimeout(this.lastPieceAt === undefined ? 'first-token' : 'idle', this.lastPieceAt === undefined ? firstTokenMs : idleMs);
    // The event loop's clock may run a little behind performance.now(): wait at least a millisecond more.
    this.arm(Math.max(1, Math.min(pieceLeft, totalLeft)));
  };

  private arm(ms: number): void {
    clearTimeout(this.timer);
    this.dueAt = performance.now() + ms;
    this.timer = setTimeout(this.check, ms);
  }
}
