import { writeSync } from 'node:fs';
import pino from 'pino';

/** How long a line waits for company before it is written: at a crash the log loses at most this, and a write in flight. */
const WINDOW_MS = 50;
/**
 * Characters gathered before they are written at once: more than the window gathers at a few thousand lines a
 * second, so that a busy server writes about once a window (each write costs the serving thread its conversion and
 * sonic-boom's bookkeeping, whatever its size); a crash loses the window either way.
 */
const BATCH_CHARS = 64_000;

/** Destinations not yet collected, each written synchronously as the process exits. */
const live = new Set<WeakRef<BatchedLogDestination>>();
let exitHooked = false;

/**
 * A pino destination that gathers lines in one string and hands them to an asynchronous
 * sonic-boom every 64 KB or 50 ms, whichever comes first. sonic-boom's own `minLength`
 * batching measures the byte length of everything it holds on every line (a scan of up to
 * the whole batch a line on the serving thread); here a line costs one concatenation, and sonic-boom
 * sees one write per batch. The write itself runs on libuv's thread pool.
 */
export class BatchedLogDestination {
  readonly #out: pino.DestinationStream & { flush(cb?: (error?: Error) => void): void; flushSync(): void };
  readonly #fd: number;
  #pending = '';
  #timer: NodeJS.Timeout | undefined;
  readonly #onTimer = () => {
    this.#timer = undefined;
    this.#push();
  };

  constructor(fd: number) {
    hookExit();
    this.#fd = fd;
    // minLength 1: every batch is written at once, as with 0, but only above 0 does sonic-boom's flush wait for the
    // writes under way (at 0 it calls back at once, and a clean shutdown could end before its last lines are written).
    this.#out = pino.destination({ dest: fd, sync: false, minLength: 1 });
    live.add(new WeakRef(this));
  }

  write(line: string): void {
    this.#pending += line;
    if (this.#pending.length >= BATCH_CHARS) this.#push();
    else this.#timer ??= setTimeout(this.#onTimer, WINDOW_MS).unref();
  }

  /** Everything gathered goes to the file; `cb` once it is written. */
  flush(cb?: (error?: Error) => void): void {
    this.#push();
    this.#out.flush(cb);
  }

  flushSync(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    const batch = this.#pending;
    this.#pending = '';
    this.#out.flushSync(); // what sonic-boom holds
    // Written here, not handed to sonic-boom: it would start an asynchronous write, which an exit does not wait for.
    if (batch !== '') writeSync(this.#fd, batch);
  }

  #push(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    if (this.#pending === '') return;
    const batch = this.#pending;
    this.#pending = '';
    this.#out.write(batch);
  }
}

/** At exit there is no event loop left: what is gathered is written synchronously (pino does the same for its own destinations). */
function hookExit(): void {
  if (exitHooked) return;
  exitHooked = true;
  process.once('exit', () => {
    for (const ref of live) {
      try {
        ref.deref()?.flushSync();
      } catch {
        // a closed or broken destination has nothing more to write
      }
    }
  });
}
