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
 * keep-alive whenever nothing else was written for `keepAliveMs`. Writes made
 * in one turn of the event loop leave in one packet (cork until the next turn).
 */
export class StreamWriter {
  private timer: NodeJS.Timeout | undefined;
  private closed = false;
  private corked = false;

  constructor(
    private readonly res: ServerResponse,
    private readonly options: StreamWriterOptions,
  ) {
    res.once('close', () => {
      this.closed = true;
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
    this.res.writeHead(status, { 'cache-control': 'no-cache', connection: 'keep-alive', 'x-accel-buffering': 'no', ...headers });
    if (options.flush) this.res.flushHeaders();
    this.armKeepAlive();
  }

  /**
   * Hands the text to the socket. Only when the socket's buffer is full is
   * there something to wait for: a promise that resolves on drain or close
   * (otherwise undefined, so a stream that keeps up costs no promise an event).
   */
  write(text: string): Promise<void> | undefined {
    if (!text || this.isClosed) return undefined;
    this.armKeepAlive();
    if (!this.corked) {
      this.corked = true;
      this.res.cork();
      setImmediate(this.uncork);
    }
    if (this.res.write(text)) return undefined;
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

  /** Ends the reply (once; later calls do nothing). */
  end(text = ''): void {
    this.stopKeepAlive();
    if (this.isClosed || this.res.writableEnded) return;
    this.res.end(text);
  }

  private readonly uncork = (): void => {
    this.corked = false;
    if (!this.res.destroyed) this.res.uncork();
  };

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
