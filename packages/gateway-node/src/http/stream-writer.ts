import type { ServerResponse } from 'node:http';

export interface StreamWriterOptions {
  /** The protocol's keep-alive text, or undefined where it has none (Ollama NDJSON). */
  keepAlive: string | undefined;
  /** How long the stream may be quiet before a keep-alive goes out. */
  keepAliveMs: number;
}

/**
 * Writes a streamed reply with backpressure (a full socket buffer is waited
 * out on `drain`, never queued without bound), and sends the protocol's
 * keep-alive whenever nothing else was written for `keepAliveMs`. Text written
 * in one turn of the event loop is joined and leaves in one write: one chunk
 * of the chunked reply and one packet, rather than a chunk (three buffers) an event.
 */
export class StreamWriter {
  private timer: NodeJS.Timeout | undefined;
  private closed = false;
  /** Text written this turn, not yet handed to the socket. */
  private pending = '';
  /** A flush is queued for the end of this turn. */
  private flushQueued = false;

  constructor(
    private readonly res: ServerResponse,
    private readonly options: StreamWriterOptions,
  ) {
    res.once('close', () => {
      this.closed = true;
      this.pending = '';
      this.stopKeepAlive();
    });
  }

  get isClosed(): boolean {
    return this.closed || this.res.destroyed;
  }

  /**
   * Sets the status and headers and starts the keep-alives. With `flush` the
   * headers leave now (nothing to say yet); without, they go with the first write.
   */
  open(status: number, headers: Record<string, string>, options: { flush: boolean }): void {
    // No connection header of its own: Node writes keep-alive or close as the caller asked (a caller that said close gets it closed).
    this.res.writeHead(status, { 'cache-control': 'no-cache', 'x-accel-buffering': 'no', ...headers });
    if (options.flush) this.res.flushHeaders();
    this.armKeepAlive();
  }

  /**
   * Queues the text for this turn's write. Only when the socket's buffer is
   * full is there something to wait for: a promise that resolves on drain or
   * close (otherwise undefined, so a stream that keeps up costs no promise an event).
   */
  write(text: string): Promise<void> | undefined {
    if (!text || this.isClosed) return undefined;
    this.armKeepAlive();
    if (!this.flushQueued) {
      this.flushQueued = true;
      setImmediate(this.flush);
    }
    this.pending += text;
    if (!this.res.writableNeedDrain) return undefined;
    return new Promise<void>((resolve) => {
      const done = () => {
        this.res.off('drain', done);
        this.res.off('close', done);
        resolve();
      };
      this.res.on('drain', done);
      this.res.on('close', done);
    });
  }

  /**
   * Sends what is pending now rather than at the end of this turn: for the
   * first piece, which the caller is waiting for (the rest of its batch, its
   * finish and the reply's end follow in the turn's one later write).
   */
  sendNow(): void {
    this.send();
  }

  /** Ends the reply with what is pending and `text` (once; later calls do nothing). */
  end(text = ''): void {
    this.stopKeepAlive();
    const last = this.pending + text;
    this.pending = '';
    if (this.isClosed || this.res.writableEnded) return;
    this.res.end(last);
  }

  private readonly flush = (): void => {
    this.flushQueued = false;
    this.send();
  };

  private send(): void {
    const text = this.pending;
    this.pending = '';
    if (text && !this.isClosed && !this.res.writableEnded) this.res.write(text);
  }

  private armKeepAlive(): void {
    const keepAlive = this.options.keepAlive;
    if (keepAlive === undefined || this.closed) return;
    if (this.timer) {
      this.timer.refresh();
      return;
    }
    this.timer = setTimeout(() => {
      void this.write(keepAlive);
    }, this.options.keepAliveMs);
    this.timer.unref();
  }

  private stopKeepAlive(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }
}
