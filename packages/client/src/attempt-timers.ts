import type { TimeoutKind } from './errors/timeout-error';
import type { Timeouts } from './settings';

/**
 * The three deadlines of one attempt: first piece (headers included), idle gap
 * after it, and total. One timer serves all three: a piece only notes the
 * time, and the timer, when it fires, works out which deadline (if any)
 * passed and sleeps until the next one. Three timers re-armed on every piece
 * cost more than the checks (and a slow first piece costs a wake-up or two).
 */
export class AttemptTimers {
  private timer: NodeJS.Timeout;
  private readonly startedAt = performance.now();
  private lastPieceAt: number | undefined;
  private cleared = false;

  constructor(
    private readonly timeouts: Timeouts,
    private readonly onTimeout: (timeout: TimeoutKind, ms: number) => void,
  ) {
    // Due no later than the idle deadline of a first piece arriving at once, so no piece ever needs to re-arm it.
    const wait = Math.min(timeouts.firstTokenMs, timeouts.idleMs, timeouts.totalMs);
    this.timer = setTimeout(this.check, wait);
  }

  /** A piece arrived: the first one ends the first-token deadline; each one restarts the idle one. */
  piece(): void {
    this.lastPieceAt = performance.now();
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
    const last = this.lastPieceAt;
    const waitingFirst = last === undefined;
    const pieceLeft = last === undefined ? this.startedAt + firstTokenMs - now : last + idleMs - now;
    if (pieceLeft <= 0) return waitingFirst ? this.onTimeout('first-token', firstTokenMs) : this.onTimeout('idle', idleMs);
    // Waiting for the first piece, wake at least every idleMs: a first piece arriving meanwhile is never late for its idle deadline.
    const wait = waitingFirst ? Math.min(pieceLeft, totalLeft, idleMs) : Math.min(pieceLeft, totalLeft);
    // The event loop's clock may run a little behind performance.now(): wait at least a millisecond more.
    this.timer = setTimeout(this.check, Math.max(1, wait));
  };
}
