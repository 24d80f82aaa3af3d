import type { TimeoutKind } from './errors/timeout-error';
import type { Timeouts } from './settings';

/** The three deadlines of one attempt: first piece (headers included), idle gap after it, and total. */
export class AttemptTimers {
  private first: NodeJS.Timeout | undefined;
  private idle: NodeJS.Timeout | undefined;
  private readonly total: NodeJS.Timeout;

  constructor(
    private readonly timeouts: Timeouts,
    private readonly onTimeout: (timeout: TimeoutKind, ms: number) => void,
  ) {
    this.first = setTimeout(() => onTimeout('first-token', timeouts.firstTokenMs), timeouts.firstTokenMs);
    this.total = setTimeout(() => onTimeout('total', timeouts.totalMs), timeouts.totalMs);
  }

  /** A piece arrived: the first one ends the first-token deadline; each one restarts the idle one. */
  piece(): void {
    if (this.idle) {
      this.idle.refresh();
      return;
    }
    clearTimeout(this.first);
    this.first = undefined;
    this.idle = setTimeout(() => this.onTimeout('idle', this.timeouts.idleMs), this.timeouts.idleMs);
  }

  clear(): void {
    clearTimeout(this.first);
    clearTimeout(this.idle);
    clearTimeout(this.total);
  }
}
