import { LedgerRetentionError } from '../errors/ledger-retention-error';

export interface RetentionTimerOptions {
  /** Calls and turns older than this (ms) are deleted. */
  keepMs: number;
  /** How often a pass runs after the first, at start (default hourly). */
  everyMs: number;
  now: () => number;
  /** One pass: deletes what is older than `before`, batch by batch. */
  prune: (before: number) => Promise<unknown>;
  onError: (error: LedgerRetentionError) => void;
}

/** Runs retention at start and then on a timer that never keeps the process alive; one pass at a time. */
export class RetentionTimer {
  readonly #options: RetentionTimerOptions;
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> | undefined;
  #stopped = false;

  constructor(options: RetentionTimerOptions) {
    this.#options = options;
  }

  start(): void {
    this.#timer = setInterval(() => this.#pass(), this.#options.everyMs);
    this.#timer.unref();
    // The first pass once the ledger is handed over, not before: opening it does not wait for a large first deletion.
    setImmediate(() => this.#pass()).unref();
  }

  /** Stops the timer and waits for a pass under way (its batch finishes; no next batch starts once the ledger closes). */
  async stop(): Promise<void> {
    this.#stopped = true;
    clearInterval(this.#timer);
    await this.#running;
  }

  #pass(): void {
    if (this.#stopped || this.#running) return;
    const before = this.#options.now() - this.#options.keepMs;
    this.#running = this.#options
      .prune(before)
      .then(
        () => undefined,
        (error: unknown) => this.#options.onError(new LedgerRetentionError(before, error)),
      )
      .finally(() => {
        this.#running = undefined;
      });
  }
}
