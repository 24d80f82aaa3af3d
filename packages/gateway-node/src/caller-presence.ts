/**
 * Whether the caller is still there. A flag and plain callbacks, because most
 * requests end without the caller leaving; the AbortSignal that some APIs take
 * is built only when one is asked for.
 */
export class CallerPresence {
  left = false;
  #listeners: Array<() => void> = [];
  #controller: AbortController | undefined;

  /** The caller went away before the reply ended: every listener runs once. */
  leave(): void {
    if (this.left) return;
    this.left = true;
    this.#controller?.abort(new Error('the caller closed the connection'));
    const listeners = this.#listeners;
    this.#listeners = [];
    for (const listener of listeners) listener();
  }

  /** Runs `listener` when the caller leaves (at once if it already has). */
  onLeave(listener: () => void): void {
    if (this.left) listener();
    else this.#listeners.push(listener);
  }

  /** Aborted when the caller leaves. */
  get signal(): AbortSignal {
    if (!this.#controller) {
      this.#controller = new AbortController();
      if (this.left) this.#controller.abort(new Error('the caller closed the connection'));
    }
    return this.#controller.signal;
  }
}
