import type { FormatStreamOptions } from '../../codec';
import type { StreamEvent } from '../../neutral/stream-event';
import { openaiChatCodec } from '../openai-chat-codec';

/** The wire text our encoder writes for these events (and its end()). */
export function encodeAll(events: readonly StreamEvent[], options?: FormatStreamOptions): string {
  const encoder = openaiChatCodec.createStreamEncoder(options);
  let text = '';
  for (const event of events) text += encoder.encode(event);
  return text + encoder.end();
}

/** A `fetch` that answers every call with this body, as an SDK's custom fetch. */
export function fetchReturning(body: string, init: { status?: number; contentType?: string } = {}): typeof fetch {
  return async () => new Response(body, { status: init.status ?? 200, headers: { 'content-type': init.contentType ?? openaiChatCodec.streamContentType } });
}
