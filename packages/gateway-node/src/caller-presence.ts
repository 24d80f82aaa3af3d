/**
 * Whether the caller is still there: a flag and plain callbacks (an
 * AbortController per request, with its signal and listeners, costs more than
 * the rest of a request's bookkeeping).
 */
export class CallerPresence {
  left = false;
  #listeners: Array<() => void> = [];

  /** The caller went away before the reply ended: every listener runs once. */
  leave(): void {
    if (this.left) return;
    this.left = true;
    const listeners = this.#listeners;
    this.#listeners = [];
    for (const listener of listeners) listener();
  }

  /** Runs `listener` when the caller leaves (at once if it already has). */
  onLeave(listener: () => void): void {
    if (this.left) listener();
    else this.#listeners.push(listener);
  }
}
