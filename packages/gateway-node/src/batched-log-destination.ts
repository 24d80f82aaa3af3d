import { fstatSync, statSync, writeSync } from 'node:fs';
import pino from 'pino';

/** How long a line waits for company before it is written: at a crash the log loses at most this, and a write in flight. */
const WINDOW_MS = 50;
/**
 * Bytes gathered before they are written at once: more than the window gathers at a few thousand lines a second, so
 * that a busy server writes about once a window (each write costs the serving thread sonic-boom's bookkeeping,
 * whatever its size); a crash loses the window either way.
 */
const BATCH_BYTES = 64 * 1024;
/** The most bytes a string's UTF-8 takes per UTF-16 unit. */
const MAX_BYTES_PER_UNIT = 3;

/** pino's destination made with `contentMode: 'buffer'` (its types say strings). */
interface SonicBoomOfBuffers {
  write(data: Buffer): boolean;
  flush(cb?: (error?: Error) => void): void;
  flushSync(): void;
}

/** Destinations not yet collected, each written synchronously as the process exits. */
const live = new Set<WeakRef<BatchedLogDestination>>();
let exitHooked = false;

/**
 * A pino destination that copies each line as it comes into a buffer and hands the buffer on every
 * 64 KB or 50 ms, whichever comes first. Lines gathered as one string instead live as thousands of
 * small pieces until the write, which flattens and converts them on the serving thread (measured:
 * more than building the lines). To a pipe, a terminal or a socket (which a slow reader can fill) a
 * batch goes to an asynchronous sonic-boom, whose write runs on libuv's thread pool; to a file or
 * `/dev/null` it is written at once on this thread (see `writesDirectly`).
 */
export class BatchedLogDestination {
  readonly #out: SonicBoomOfBuffers;
  readonly #fd: number;
  /** Batches written here with `writeSync` rather than through sonic-boom (until a write fails). */
  #direct: boolean;
  #batch: Buffer | undefined;
  #used = 0;
  #timer: NodeJS.Timeout | undefined;
  readonly #onTimer = () => {
    this.#timer = undefined;
    this.#push();
  };

  constructor(fd: number) {
    hookExit();
    this.#fd = fd;
    this.#direct = writesDirectly(fd);
    // minLength 1: every batch is written at once, as with 0, but only above 0 does sonic-boom's flush wait for the
    // writes under way (at 0 it calls back at once, and a clean shutdown could end before its last lines are written).
    this.#out = pino.destination({ dest: fd, sync: false, minLength: 1, contentMode: 'buffer' }) as unknown as SonicBoomOfBuffers;
    live.add(new WeakRef(this));
  }

  write(line: string): void {
    const most = line.length * MAX_BYTES_PER_UNIT;
    if (this.#batch && this.#used + most > this.#batch.length) this.#push();
    if (most > BATCH_BYTES) {
      this.#hand(Buffer.from(line)); // a line larger than a batch goes on its own
      return;
    }
    this.#batch ??= Buffer.allocUnsafe(BATCH_BYTES); // a new one a batch: sonic-boom holds the last until it is written
    this.#used += this.#batch.write(line, this.#used);
    this.#timer ??= setTimeout(this.#onTimer, WINDOW_MS).unref();
  }

  /** Everything gathered goes to the file; `cb` once it is written. */
  flush(cb?: (error?: Error) => void): void {
    this.#push();
    this.#out.flush(cb);
  }

  flushSync(): void {
    const batch = this.#take();
    this.#out.flushSync(); // what sonic-boom holds
    // Written here, not handed to sonic-boom: it would start an asynchronous write, which an exit does not wait for.
    this.#writeAll(batch);
  }

  #push(): void {
    const batch = this.#take();
    if (batch.length > 0) this.#hand(batch);
  }

  #hand(batch: Buffer): void {
    let at = 0;
    if (this.#direct) {
      try {
        while (at < batch.length) at += writeSync(this.#fd, batch, at);
        return;
      } catch {
        // What is left goes on through sonic-boom, which reports the failure as it did before (and so every later batch).
        this.#direct = false;
      }
    }
    this.#out.write(at === 0 ? batch : batch.subarray(at));
  }

  #writeAll(batch: Buffer): void {
    for (let at = 0; at < batch.length; ) at += writeSync(this.#fd, batch, at);
  }

  /** What is gathered, and a fresh start. */
  #take(): Buffer {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    const batch = this.#batch?.subarray(0, this.#used) ?? Buffer.alloc(0);
    this.#batch = undefined;
    this.#used = 0;
    return batch;
  }
}

/**
 * Whether batches to `fd` are written on the calling thread: a regular file or `/dev/null`, whose write only copies
 * into the page cache (or nowhere). An asynchronous write costs the serving thread more than that: handing it to
 * libuv's thread pool wakes a pool thread, and its completion the event loop (measured on this machine: about 330 µs
 * of the serving thread's CPU a write, against under 10 µs for `writeSync` of a 37 KB batch).
 */
function writesDirectly(fd: number): boolean {
  try {
    const stat = fstatSync(fd);
    return stat.isFile() || (stat.isCharacterDevice() && stat.rdev === statSync('/dev/null').rdev);
  } catch {
    return false;
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
