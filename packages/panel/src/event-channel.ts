/** A one-reader async queue: events pushed before they are read are kept, none is lost. */
export class EventChannel<T> implements AsyncIterable<T>, AsyncIterator<T, undefined> {
  private readonly buffer: T[] = [];
  private wake: (() => void) | undefined;
  private closed = false;
  private reading = false;

  push(event: T): void {
    this.buffer.push(event);
    this.wake?.();
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
