import type { Codec, FormatStreamOptions } from './codec';
import type { StreamEvent } from './neutral/stream-event';

/** Test helper: every event a codec's decoder reads from this stream text, its end included. */
export function decode(codec: Codec, text: string): StreamEvent[] {
  const decoder = codec.createStreamDecoder();
  return [...decoder.push(text), ...decoder.end()];
}

/** Test helper: the stream text a codec's encoder writes for these events, its end included. */
export function encode(codec: Codec, events: StreamEvent[], options?: FormatStreamOptions): string {
  const encoder = codec.createStreamEncoder(options);
  return events.map((event) => encoder.encode(event)).join('') + encoder.end();
}
