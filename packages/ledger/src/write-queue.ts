import { LedgerWriteError } from './errors/ledger-write-error';

export interface WriteQueueOptions<T> {
  /** Writes one batch in one transaction; must be idempotent (a batch may be retried after a lost reply). */
  write(batch: T[]): Promise<void>;
  /** Largest batch; a full batch is written at once. */
  batchSize: number;
  /** How long the first queued item waits for company before a write. */
  windowMs: number;
  /** Items held at most (queued plus in flight); `push` refuses beyond it. */
  maxQueued: number;
  /** First retry delay after a failed write; doubles up to `retryMaxMs`. */
  retryBaseMs: number;
  retryMaxMs: number;
  /**
   * After a write, a partial batch that came in meanwhile waits the window as a first item does, instead of being
   * written at once (default false). For a store whose write is a round trip (a worker thread, a server), which would
   * otherwise take many small batches, each paying a transaction's overhead.
   */
  gatherAfterWrite?: boolean;
  onError(error: LedgerWriteError): void;
}

/**
 * A bounded in-memory write queue: `push` is synchronous (no I/O), batches go
 * to `write` one at a time, and a failed batch stays at the head and is retried
 * with backoff, so items leave the queue only once written.
 */
export class WriteQueue<T> {
  readonly #options: WriteQueueOptions<T>;
  readonly #items: T[] = [];
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> | undefined;
  #failures = 0;
  #stopped = false;
  #timerImmediate = false;

  constructor(options: WriteQueueOptions<T>) {
    this.#options = options;
  }

  get size(): number {
    return this.#items.length;
  }

  /** Queues an item; false when the queue is full. */
  push(item: T): boolean {
    if (this.#items.length >= this.#options.maxQueued) return false;
    this.#items.push(item);
    if (this.#items.length >= this.#options.batchSize) this.#schedule(0);
    else this.#schedule(this.#options.windowMs);
    return true;
  }

  /** The first queued (or in-flight) item matching, if any. */
  find(match: (item: T) => boolean): T | undefined {
    return this.#items.find(match);
  }

  /** Writes everything queued; rejects after `attempts` consecutive failures (the items stay queued). */
  async flush(attempts = 3): Promise<void> {
    let failures = 0;
    while (this.#items.length > 0) {
      try {
        await this.#run();
      } catch (error) {
        failures += 1;
        if (failures >= attempts) throw error;
        await sleep(this.#backoff(failures));
      }
    }
  }

  /** Stops the timer (after `flush`, on close). */
  stop(): void {
    this.#stopped = true;
    clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  #schedule(delayMs: number): void {
    if (this.#running || this.#stopped) return; // a running drain takes new items too
    if (this.#timer && (delayMs > 0 || this.#timerImmediate)) return;
    clearTimeout(this.#timer);
    this.#timerImmediate = delayMs === 0;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      this.#run().catch(() => {}); // reported through onError; #run reschedules
    }, delayMs);
  }

  #run(): Promise<void> {
    this.#running ??= this.#drain().finally(() => {
      this.#running = undefined;
      if (this.#items.length === 0) return;
      const gather = this.#options.gatherAfterWrite === true && this.#items.length < this.#options.batchSize;
      this.#schedule(this.#failures > 0 ? this.#backoff(this.#failures) : gather ? this.#options.windowMs : 0);
    });
    return this.#running;
  }

  /** Writes one batch, then more while any are queued (while full ones are, with `gatherAfterWrite`). */
  async #drain(): Promise<void> {
    const more = () => this.#items.length >= (this.#options.gatherAfterWrite ? this.#options.batchSize : 1);
    for (let first = true; first || more(); first = false) {
      const batch = this.#items.slice(0, this.#options.batchSize);
      try {
        await this.#options.write(batch);
      } catch (cause) {
        this.#failures += 1;
        const error = new LedgerWriteError(batch.length, this.#failures, cause);
        this.#options.onError(error);
        throw error;
      }
      this.#failures = 0;
      this.#items.splice(0, batch.length);
    }
  }

  #backoff(failures: number): number {
    return Math.min(this.#options.retryBaseMs * 2 ** Math.max(0, failures - 1), this.#options.retryMaxMs);
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
