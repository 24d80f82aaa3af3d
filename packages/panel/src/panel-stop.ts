import type { FailoverRun } from '@bench/client';

/**
 * A panel's stop: cancels every call it started and any it starts later. What
 * an AbortController shared by the calls would do, without a signal and a
 * listener per call.
 */
export class PanelStop {
  stopped = false;
  #runs: FailoverRun[] = [];

  stop(): void {
    if (this.stopped) return;
    this.stopped = true;
    const runs = this.#runs;
    this.#runs = [];
    for (const run of runs) run.cancel();
  }

  /** A call of this panel: cancelled when the panel stops (at once if it already has). */
  track(run: FailoverRun): void {
    if (this.stopped) run.cancel();
    else this.#runs.push(run);
  }
}
