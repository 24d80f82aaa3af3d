import { InvalidReplyError, safeParseJSON, type Codec, type StreamDecoder, type StreamEvent } from '@bench/formats';
import { ServerError } from './errors/server-error';
import { replyEvents } from './reply-events';
import type { UpstreamExchange } from './upstream-exchange';
import { Utf8Text } from './utf8-text';

/** What `poll()` says when nothing has arrived yet: wait for the exchange's `readable()`, then poll again. */
export const WAIT: unique symbol = Symbol('wait');

/** A reply body as batches of neutral events: `next()` resolves undefined after the last batch. */
export interface BodyBatches {
  next(): Promise<StreamEvent[] | undefined>;
  /** The next batch without waiting (a streamed body): as `next()`, or WAIT when nothing decodable has arrived yet. */
  poll?(): StreamEvent[] | undefined | typeof WAIT;
}

const isLast = (events: StreamEvent[]): boolean => {
  const last = events[events.length - 1];
  return last?.type === 'finish' || last?.type === 'error';
};

/**
 * A streamed body through the codec's decoder, a batch of events per read
 * (all the body that had arrived), stopping at the finish or error (whatever
 * follows is left in the body). Throws on a socket error, after the events of
 * every chunk that came before it. Waits only when nothing is queued (a plain
 * object rather than an async generator: one promise a batch, no iterator hops);
 * `poll()` decodes without waiting, for a reader that waits on the exchange itself.
 */
export class StreamBodyBatches implements BodyBatches {
  private readonly text = new Utf8Text();
  private finished = false;

  constructor(
    private readonly exchange: UpstreamExchange,
    private readonly decoder: StreamDecoder,
    private readonly alias: string,
  ) {}

  async next(): Promise<StreamEvent[] | undefined> {
    for (;;) {
      const events = this.poll();
      if (events !== WAIT) return events;
      await this.exchange.readable();
    }
  }

  /** Decodes what arrived, without waiting: a reader whose upstream is quiet waits on the exchange, not on this. */
  poll(): StreamEvent[] | undefined | typeof WAIT {
    const { exchange, decoder } = this;
    while (!this.finished) {
      const chunk = exchange.take();
      if (chunk === undefined) return exchange.done ? this.end() : WAIT;
      const events = this.pushed(decoder, chunk);
      if (events.length === 0) continue;
      if (isLast(events)) this.finished = true;
      return events;
    }
    return undefined;
  }

  private end(): StreamEvent[] {
    this.finished = true;
    if (this.exchange.failed) throw this.exchange.failed;
    return this.decoded(() => {
      const tail = this.text.end();
      const events = tail ? this.decoder.push(tail) : [];
      for (const event of this.decoder.end()) events.push(event);
      return events;
    });
  }

  /** One chunk through the decoder (no closure a chunk, as `decoded` would take). */
  private pushed(decoder: StreamDecoder, chunk: Buffer): StreamEvent[] {
    try {
      return decoder.push(this.text.write(chunk));
    } catch (error) {
      throw this.refusal(error);
    }
  }

  private decoded(decode: () => StreamEvent[]): StreamEvent[] {
    try {
      return decode();
    } catch (error) {
      throw this.refusal(error);
    }
  }

  /** A decoder's refusal of the stream itself (an event that never ends) as the upstream's fault; the rest is not read. */
  private refusal(error: unknown): unknown {
    if (!InvalidReplyError.isInstance(error)) return error;
    this.finished = true;
    this.exchange.abort(error);
    return new ServerError({ alias: this.alias, status: 200, body: '', message: `${this.alias}: invalid stream (${error.message})`, cause: error });
  }
}

/** The largest whole (non-streamed) reply read: far beyond any real one, and a bound on one that never ends. */
const MAX_WHOLE_REPLY_BYTES = 64 * 1024 * 1024;

/** A whole (non-streamed) body through the codec's parseReply, as one batch of events. */
export class WholeBodyBatches implements BodyBatches {
  private read = false;

  constructor(
    private readonly exchange: UpstreamExchange,
    private readonly codec: Codec,
    private readonly alias: string,
  ) {}

  async next(): Promise<StreamEvent[] | undefined> {
    if (this.read) return undefined;
    this.read = true;
    const text = await this.exchange.text(MAX_WHOLE_REPLY_BYTES);
    if (Buffer.byteLength(text) >= MAX_WHOLE_REPLY_BYTES) {
      throw new ServerError({
        alias: this.alias,
        status: 200,
        body: '',
        message: `${this.alias}: invalid reply (over ${MAX_WHOLE_REPLY_BYTES / 1024 / 1024} MiB; the rest was not read)`,
      });
    }
    const parsed = safeParseJSON(text);
    try {
      if (!parsed.success) throw new InvalidReplyError(`reply is not JSON: ${parsed.error.message}`);
      return replyEvents(this.codec.parseReply(parsed.value));
    } catch (error) {
      if (!InvalidReplyError.isInstance(error)) throw error;
      throw new ServerError({ alias: this.alias, status: 200, body: text, message: `${this.alias}: invalid reply (${error.message})`, cause: error });
    }
  }
}
