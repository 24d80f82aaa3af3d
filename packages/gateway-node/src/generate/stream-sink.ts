import type { TurnSink } from '@bench/engine';
import { isOutputEvent, type StreamEncoder } from '@bench/formats';
import type { ReplyStream } from '../reply';

/**
 * A turn's events, encoded in the caller's protocol, into its reply stream. The
 * first piece (text, reasoning or a tool call) leaves at once, with the 200 and
 * the preamble before it, rather than once the rest of its batch is encoded:
 * the caller is waiting for it. What follows it in the same turn still leaves
 * in one write.
 */
export function streamSink(stream: ReplyStream, encoder: StreamEncoder): TurnSink {
  let firstPieceSent = false;
  return {
    write(event) {
      const full = stream.write(encoder.encode(event));
      if (!firstPieceSent && isOutputEvent(event)) {
        firstPieceSent = true;
        stream.sendNow();
      }
      return full;
    },
    end: () => stream.end(encoder.end()),
    get closed() {
      return stream.isClosed;
    },
  };
}
