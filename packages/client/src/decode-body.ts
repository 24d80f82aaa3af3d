import { InvalidReplyError, safeParseJSON, type Codec, type StreamDecoder, type StreamEvent } from '@bench/formats';
import { ServerError } from './errors/server-error';
import { replyEvents } from './reply-events';
import type { UpstreamExchange } from './upstream-exchange';

const isLast = (events: StreamEvent[]): boolean => {
  const last = events[events.length - 1];
  return last?.type === 'finish' || last?.type === 'error';
};

/**
 * A streamed body through the codec's decoder, a batch of events per chunk,
 * stopping at the finish or error (whatever follows is left in the body).
 * Throws on a socket error, after the events of every chunk that came before it.
 */
export async function* decodeStreamBody(exchange: UpstreamExchange, decoder: StreamDecoder): AsyncGenerator<StreamEvent[]> {
  const text = new TextDecoder();
  for await (const chunk of exchange.chunks()) {
    const events = decoder.push(text.decode(chunk, { stream: true }));
    if (events.length === 0) continue;
    yield events;
    if (isLast(events)) return;
  }
  const tail = text.decode();
  yield [...(tail ? decoder.push(tail) : []), ...decoder.end()];
}

/** A whole (non-streamed) body through the codec's parseReply, as one batch of events. */
export async function* decodeWholeBody(exchange: UpstreamExchange, codec: Codec, alias: string): AsyncGenerator<StreamEvent[]> {
  const text = await exchange.text();
  const parsed = safeParseJSON(text);
  try {
    if (!parsed.success) throw new InvalidReplyError(`reply is not JSON: ${parsed.error.message}`);
    yield replyEvents(codec.parseReply(parsed.value));
  } catch (error) {
    if (!InvalidReplyError.isInstance(error)) throw error;
    throw new ServerError({ alias, status: 200, body: text, message: `${alias}: invalid reply (${error.message})`, cause: error });
  }
}
