/**
 * A run's stop (the caller's signal or `cancel()`), shared by its attempts
 * and retry waits: what an AbortController gives, without an event target
 * and its listener records on every call.
 */
export class RunAbort {
  aborted = false;
  private listeners: Array<() => void> = [];

  abort(): void {
    if (this.aborted) return;
    this.aborted = true;
    const listeners = this.listeners;
    this.listeners = [];
    for (const listener of listeners) listener();
  }

  /** Calls `listener` on abort (never if already aborted: check `aborted` first); returns its removal. */
  subscribe(listener: () => void): () => void {
    this.listeners.push(listener);
    return () => {
      const index = this.listeners.indexOf(listener);
      if (index !== -1) this.listeners.splice(index, 1);
    };
  }
}
