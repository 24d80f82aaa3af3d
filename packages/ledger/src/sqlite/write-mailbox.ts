import type { EncodedBatch } from './write-batch-codec';

/**
 * Where the serving thread leaves an encoded write batch for the SQLite worker without waking it: one slot in a
 * SharedArrayBuffer, which the worker looks into every `MAILBOX_POLL_MS` while batches come (`sqlite-worker.ts`).
 * A postMessage to a worker that sleeps costs the posting thread the wake-up (measured on this machine: about 300 µs
 * of the serving thread's CPU a message, a batch every 50 ms under load), filling the slot about as much as copying
 * the batch. A worker that found nothing `MAILBOX_IDLE_POLLS` times running stops looking and says so (`sleeping`):
 * the next batch then comes with a message that wakes it, so an idle ledger costs nothing. A batch that does not fit
 * the slot, or that carries values other than calls and turns, goes by postMessage as before.
 */
export const MAILBOX_POLL_MS = 20;
export const MAILBOX_IDLE_POLLS = 5;

/** The header's Int32 fields. */
const FULL = 0; // 1 while a batch waits in the slot or is being read
const SLEEPING = 1; // 1 while the worker does not poll
const ID = 2; // the batch's request id, which the worker's reply carries
const COUNT = 3; // numbers used
const TEXT_BYTES = 4; // UTF-8 bytes of the batch's text
const PRICE_BYTES = 5; // UTF-8 bytes of its prices, as JSON, after the text
const HEADER_BYTES = 32;
const NUMBERS = 32_768;
const BYTES = 262_144;

export class WriteMailbox {
  readonly buffer: SharedArrayBuffer;
  readonly #header: Int32Array;
  readonly #numbers: Float64Array;
  readonly #bytes: Buffer;

  /** A new mailbox (its worker not yet polling), or the worker's view of one. */
  constructor(buffer?: SharedArrayBuffer) {
    this.buffer = buffer ?? new SharedArrayBuffer(HEADER_BYTES + NUMBERS * 8 + BYTES);
    this.#header = new Int32Array(this.buffer, 0, HEADER_BYTES / 4);
    if (!buffer) this.#header[SLEEPING] = 1;
    this.#numbers = new Float64Array(this.buffer, HEADER_BYTES, NUMBERS);
    this.#bytes = Buffer.from(this.buffer, HEADER_BYTES + NUMBERS * 8, BYTES);
  }

  /** Serving thread: leaves the batch in the slot; false when it cannot (the slot taken, the batch too large or with values). */
  put(id: number, batch: EncodedBatch): boolean {
    if (batch.values.length > 0 || batch.count > NUMBERS || Atomics.load(this.#header, FULL) === 1) return false;
    const prices = JSON.stringify(batch.prices);
    // JSON writes a non-finite rate as null, which would not read back as it was.
    if ((batch.text.length + prices.length) * 3 > BYTES || prices.includes('null')) return false;
    this.#numbers.set(batch.numbers.subarray(0, batch.count));
    const text = this.#bytes.write(batch.text, 0);
    this.#header[ID] = id;
    this.#header[COUNT] = batch.count;
    this.#header[TEXT_BYTES] = text;
    this.#header[PRICE_BYTES] = this.#bytes.write(prices, text);
    Atomics.store(this.#header, FULL, 1); // last: the worker reads the rest once it sees this
    return true;
  }

  /** Serving thread: whether the worker has stopped polling (a batch just put then needs a message to wake it). */
  get sleeping(): boolean {
    return Atomics.load(this.#header, SLEEPING) === 1;
  }

  /** Worker: the batch waiting, read out of the slot (which is free again), with its request id. */
  take(): { id: number; batch: EncodedBatch } | undefined {
    if (Atomics.load(this.#header, FULL) !== 1) return undefined;
    const count = this.#header[COUNT] as number;
    const textBytes = this.#header[TEXT_BYTES] as number;
    const taken = {
      id: this.#header[ID] as number,
      batch: {
        numbers: new Float64Array(this.#numbers.subarray(0, count)),
        count,
        text: this.#bytes.toString('utf8', 0, textBytes),
        values: [],
        prices: JSON.parse(this.#bytes.toString('utf8', textBytes, textBytes + (this.#header[PRICE_BYTES] as number))),
      },
    };
    Atomics.store(this.#header, FULL, 0);
    return taken;
  }

  /** Worker: stops polling, unless a batch came meanwhile (then false: it goes on polling). */
  sleep(): boolean {
    Atomics.store(this.#header, SLEEPING, 1);
    if (Atomics.load(this.#header, FULL) !== 1) return true;
    Atomics.store(this.#header, SLEEPING, 0);
    return false;
  }

  /** Worker: polls again. */
  wake(): void {
    Atomics.store(this.#header, SLEEPING, 0);
  }
}
