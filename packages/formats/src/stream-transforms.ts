import type { Codec, FormatStreamOptions } from './codec';
import type { StreamEvent } from './neutral/stream-event';

/** bytes → neutral events, for `body.pipeThrough(decodeStream(codec))`. */
export function decodeStream(codec: Codec): TransformStream<Uint8Array, StreamEvent> {
  const decoder = codec.createStreamDecoder();
  const text = new TextDecoder();
  return new TransformStream({
    transform(chunk, controller) {
      for (const event of decoder.push(text.decode(chunk, { stream: true }))) controller.enqueue(event);
    },
    flush(controller) {
      const tail = text.decode();
      if (tail) for (const event of decoder.push(tail)) controller.enqueue(event);
      for (const event of decoder.end()) controller.enqueue(event);
    },
  });
}

/** neutral events → bytes in the codec's own stream sequence. */
export function encodeStream(codec: Codec, options?: FormatStreamOptions): TransformStream<StreamEvent, Uint8Array> {
  const encoder = codec.createStreamEncoder(options);
  const bytes = new TextEncoder();
  return new TransformStream({
    transform(event, controller) {
      const out = encoder.encode(event);
      if (out) controller.enqueue(bytes.encode(out));
    },
    flush(controller) {
      const out = encoder.end();
      if (out) controller.enqueue(bytes.encode(out));
    },
  });
}
