/** A one-reader async queue: events pushed before they are read are kept, none is lost. */
export class EventChannel<T> implements AsyncIterable<T>, AsyncIterator<T, undefined> {
  private readonly buffer: T[] = [];
  private wake: (() => void) | undefined;
  private closed = false;
  private reading = false;
  /** Nobody will read: events pushed are dropped. */
  dropped = false;

  push(event: T): void {
    if (this.dropped) return;
    this.buffer.push(event);
    this.wake?.();
  }

  /** The events will not be read: drop those kept and those to come. */
  drop(): void {
    this.dropped = true;
    this.buffer.length = 0;
  }

  close(): void {
    this.closed = true;
    this.wake?.();
  }

  [Symbol.asyncIterator](): AsyncIterator<T, undefined> {
    if (this.reading) throw new Error('panel events can be read only once');
    this.reading = true;
    return this;
  }

  /** The next event: at once when one is waiting (an iterator object, not an async generator's hops). */
  async next(): Promise<IteratorResult<T, undefined>> {
    for (;;) {
      if (this.buffer.length > 0) return { value: this.buffer.shift() as T, done: false };
      if (this.closed) return { value: undefined, done: true };
      await new Promise<void>((resolve) => {
        this.wake = resolve;
      });
      this.wake = undefined;
    }
  }

  /** The reader stopped early: later events are dropped. */
  async return(): Promise<IteratorResult<T, undefined>> {
    this.closed = true;
    this.buffer.length = 0;
    return { value: undefined, done: true };
  }
}
