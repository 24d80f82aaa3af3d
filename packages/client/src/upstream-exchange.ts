import type { IncomingHttpHeaders } from 'node:http';
import type { Dispatcher } from 'undici';

type DispatchController = Parameters<NonNullable<Dispatcher.DispatchHandler['onRequestStart']>>[0];

export interface ResponseHead {
  status: number;
  /** As undici gave them; `flattenHeaders` makes them one string each (only an error reply needs that). */
  headers: IncomingHttpHeaders;
}

/** Bytes queued unread before undici is paused (a Node stream's default high-water mark). */
const HIGH_WATER_BYTES = 64 * 1024;

/**
 * One request/response on an undici dispatcher, through its handler API: the
 * body's chunks are queued the moment they arrive, so a stream cut right after
 * its last pieces still delivers those pieces before its error.
 */
export class UpstreamExchange implements Dispatcher.DispatchHandler {
  readonly head: Promise<ResponseHead>;
  private resolveHead!: (head: ResponseHead) => void;
  private rejectHead!: (error: Error) => void;
  private controller: DispatchController | undefined;
  private readonly queue: Buffer[] = [];
  private queuedBytes = 0;
  private ended = false;
  private failure: Error | undefined;
  private wake: (() => void) | undefined;
  private readonly endWaiters: Array<() => void> = [];
  private pooledAt: Promise<void> | undefined;
  /** Read what queued up in one buffer (set after the first piece: until then, latency beats throughput). */
  coalesce = false;

  constructor() {
    this.head = new Promise((resolve, reject) => {
      this.resolveHead = resolve;
      this.rejectHead = reject;
    });
    this.head.catch(() => undefined);
  }

  /** True once the body arrived whole (the connection can be reused). */
  get complete(): boolean {
    return this.ended && this.failure === undefined;
  }

  onRequestStart(controller: DispatchController): void {
    this.controller = controller;
    if (this.failure) controller.abort(this.failure);
  }

  onResponseStart(controller: DispatchController, statusCode: number, headers: IncomingHttpHeaders): void {
    // The parsed headers are all that is read; the raw ones (Buffers holding on to the socket's first read) would
    // otherwise stay with the controller for as long as the stream is open.
    controller.rawHeaders = null;
    this.resolveHead({ status: statusCode, headers });
  }

  onResponseData(controller: DispatchController, chunk: Buffer): void {
    this.queue.push(chunk);
    this.queuedBytes += chunk.length;
    if (this.queuedBytes >= HIGH_WATER_BYTES) controller.pause();
    this.notify();
  }

  onResponseEnd(): void {
    this.ended = true;
    // undici hands the connection back to its pool in a setImmediate it schedules right after this returns.
    this.pooledAt = new Promise((resolve) => queueMicrotask(() => setImmediate(resolve)));
    this.notify();
  }

  onResponseError(_controller: DispatchController, error: Error): void {
    this.fail(error);
  }

  /** Stops the exchange (closing its socket when in flight); the first reason given is the one reported. */
  abort(reason: Error): void {
    if (this.ended) return;
    this.fail(reason);
    this.controller?.abort(reason);
  }

  /**
   * What arrived since the last call, without waiting (with `coalesce`,
   * everything queued in one buffer); undefined when nothing is queued.
   */
  take(): Buffer | undefined {
    const queue = this.queue;
    if (queue.length === 0) return undefined;
    const chunk = this.coalesce && queue.length > 1 ? Buffer.concat(queue.splice(0), this.queuedBytes) : (queue.shift() as Buffer);
    this.queuedBytes -= chunk.length;
    if (this.controller?.paused) this.controller.resume();
    return chunk;
  }

  /** True once nothing more will arrive (take() may still hold data); `failure` tells why, if it failed. */
  get done(): boolean {
    return this.ended;
  }

  get failed(): Error | undefined {
    return this.failure;
  }

  /** Resolves once take() has data or the body ended. */
  readable(): Promise<void> {
    if (this.queue.length > 0 || this.ended) return Promise.resolve();
    return new Promise<void>((resolve) => {
      this.wake = resolve;
    });
  }

  /**
   * The body as it comes (see take()); throws the failure after the data
   * that arrived before it.
   */
  async *chunks(): AsyncGenerator<Buffer, void, undefined> {
    for (;;) {
      const chunk = this.take();
      if (chunk) yield chunk;
      else if (this.ended) {
        if (this.failure) throw this.failure;
        return;
      } else await this.readable();
    }
  }

  /** Resolves once the connection of a body that ended whole is back in its pool (at once if it already is). */
  pooled(): Promise<void> {
    return this.pooledAt ?? Promise.resolve();
  }

  /**
   * The whole body as text, or its first `maxBytes` when it is longer: the
   * rest is not read, and the exchange is aborted (an upstream's error body
   * that never ends must not fill the gateway's memory).
   */
  async text(maxBytes = Number.POSITIVE_INFINITY): Promise<string> {
    const parts: Buffer[] = [];
    let bytes = 0;
    for await (const chunk of this.chunks()) {
      parts.push(chunk);
      bytes += chunk.length;
      if (bytes > maxBytes) {
        this.abort(new Error(`body over ${maxBytes} bytes; the rest was not read`));
        return Buffer.concat(parts).subarray(0, maxBytes).toString('utf8');
      }
    }
    return Buffer.concat(parts).toString('utf8');
  }

  /** Resolves when the body ended (or failed), or after `ms`: whichever is first; true if it ended whole. */
  settled(ms: number): Promise<boolean> {
    if (this.ended) return Promise.resolve(this.complete);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), ms);
      this.endWaiters.push(() => {
        clearTimeout(timer);
        resolve(this.complete);
      });
      this.controller?.resume();
    });
  }

  private fail(error: Error): void {
    if (this.ended) return;
    this.failure = error;
    this.ended = true;
    this.rejectHead(error);
    this.notify();
  }

  private notify(): void {
    const resolve = this.wake;
    this.wake = undefined;
    resolve?.();
    if (this.ended) for (const waiter of this.endWaiters.splice(0)) waiter();
  }
}
