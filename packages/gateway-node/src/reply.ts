/** A streamed reply as handlers write it: text with backpressure, then its end. */
export interface ReplyStream {
  /** Queues the text; a promise only when the reader is behind (wait for it), else undefined. */
  write(text: string): Promise<void> | undefined;
  /** Sends what is queued now, not at the end of the turn (the first piece, which the caller waits for). */
  sendNow(): void;
  /** Ends the reply with what is pending and `text` (once; later calls do nothing). */
  end(text?: string): void;
  /** The reader went away (or the reply ended). */
  readonly isClosed: boolean;
}

/** How a handler answers, with no HTTP framework's objects: the HTTP folder gives each request one. */
export interface Reply {
  /** A JSON reply with its headers, in one go. */
  json(status: number, body: unknown, ...headerSets: Array<Record<string, string> | undefined>): void;
  /** A whole reply of text already in its wire form (a pre-rendered event stream). */
  text(status: number, headers: Record<string, string>, text: string): void;
  /** A whole reply of bytes (a file), with its headers as given. */
  raw(status: number, headers: Record<string, string>, body: Uint8Array | string): void;
  /** An empty reply (`HEAD /`). */
  empty(status: number): void;
  /** A stream: the status and headers now (`flush`) or with the first write; the protocol's keep-alive while quiet. */
  stream(status: number, headers: Record<string, string>, options: { flush: boolean; keepAlive: string | undefined; keepAliveMs: number }): ReplyStream;
}
