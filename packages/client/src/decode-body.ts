import { InvalidReplyError, safeParseJSON, type Codec, type StreamDecoder, type StreamEvent } from '@bench/formats';
import { ServerError } from './errors/server-error';
import { replyEvents } from './reply-events';
import type { UpstreamExchange } from './upstream-exchange';
import { Utf8Text } from './utf8-text';

const isLast = (events: StreamEvent[]): boolean => {
  const last = events[events.length - 1];
  return last?.type === 'finish' || last?.type === 'error';
};

/**
 * A streamed body through the codec's decoder, a batch of events per read
 * (all the body that had arrived), stopping at the finish or error (whatever
 * follows is left in the body). Throws on a socket error, after the events of
 * every chunk that came before it.
 */
export async function* decodeStreamBody(exchange: UpstreamExchange, decoder: StreamDecoder): AsyncGenerator<StreamEvent[]> {
  const text = new Utf8Text();
  for (;;) {
    const chunk = exchange.take();
    if (chunk === undefined) {
      if (exchange.done) break;
      await exchange.readable();
      continue;
    }
    const events = decoder.push(text.write(chunk));
    if (events.length === 0) continue;
    yield events;
    if (isLast(events)) return;
  }
  if (exchange.failed) throw exchange.failed;
  const tail = text.end();
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
