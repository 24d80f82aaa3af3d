import type { Dispatcher } from 'undici';
import { InvalidReplyError, safeParseJSON, type Codec, type StreamDecoder, type StreamEvent } from '@bench/formats';
import { ServerError } from './errors/server-error';
import { replyEvents } from './reply-events';

export type Body = Dispatcher.ResponseData['body'];

const isLast = (events: StreamEvent[]): boolean => {
  const last = events[events.length - 1];
  return last?.type === 'finish' || last?.type === 'error';
};

/**
 * A streamed body through the codec's decoder, a batch of events per chunk,
 * stopping at the finish or error (whatever follows is left in the body).
 * Throws on a socket error.
 */
export async function* decodeStreamBody(body: Body, decoder: StreamDecoder): AsyncGenerator<StreamEvent[]> {
  const text = new TextDecoder();
  for await (const chunk of body.iterator({ destroyOnReturn: false })) {
    const events = decoder.push(text.decode(chunk as Buffer, { stream: true }));
    if (events.length === 0) continue;
    yield events;
    if (isLast(events)) return;
  }
  const tail = text.decode();
  yield [...(tail ? decoder.push(tail) : []), ...decoder.end()];
}

/** A whole (non-streamed) body through the codec's parseReply, as one batch of events. */
export async function* decodeWholeBody(body: Body, codec: Codec, alias: string): AsyncGenerator<StreamEvent[]> {
  const text = await body.text();
  const parsed = safeParseJSON(text);
  try {
    if (!parsed.success) throw new InvalidReplyError(`reply is not JSON: ${parsed.error.message}`);
    yield replyEvents(codec.parseReply(parsed.value));
  } catch (error) {
    if (!InvalidReplyError.isInstance(error)) throw error;
    throw new ServerError({ alias, status: 200, body: text, message: `${alias}: invalid reply (${error.message})`, cause: error });
  }
}

/** After the finish: let the rest (a `[DONE]`) arrive so the socket goes back to the pool, or cut it after `ms`. */
export function drainOrDestroy(body: Body, ms: number): Promise<void> {
  if (body.readableEnded || body.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      // undici frees the connection for the next request a tick after the body's end.
      setImmediate(resolve);
    };
    const timer = setTimeout(() => {
      body.destroy();
      done();
    }, ms);
    body.once('end', done);
    body.once('close', done);
    body.resume();
  });
}
