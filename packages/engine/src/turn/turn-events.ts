import type { StreamEvent } from '@bench/formats';
import type { Turn, TurnSink } from './turn';

/** Events held for a reader that has not asked for them yet, before the turn waits for it. */
const HIGH_WATER = 64;

/**
 * A turn's stream as an async iterator, for an app that embeds the engine: the
 * turn writes into a queue, the reader takes from it, and a reader that falls
 * behind makes the turn wait. A failure before the first piece is thrown from
 * `next()`; a reader that stops early cancels the turn.
 */
export function turnEvents(turn: Turn): AsyncIterator<StreamEvent> {
  const queue: StreamEvent[] = [];
  let ended = false;
  let failure: { error: unknown } | undefined;
  let wakeReader: (() => void) | undefined;
  let wakeWriter: (() => void) | undefined;
  const wake = () => {
    const reader = wakeReader;
    wakeReader = undefined;
    reader?.();
  };
  const sink: TurnSink & { closed: boolean } = {
    closed: false,
    write(event) {
      queue.push(event);
      wake();
      if (queue.length < HIGH_WATER) return undefined;
      return new Promise<void>((resolve) => (wakeWriter = resolve));
    },
    end() {
      ended = true;
      wake();
    },
  };
  turn
    .open()
    .then(() => turn.pipe(sink))
    .catch((error: unknown) => {
      failure = { error };
    })
    .finally(() => {
      ended = true;
      wake();
    });

  return {
    async next(): Promise<IteratorResult<StreamEvent>> {
      while (queue.length === 0 && !ended) await new Promise<void>((resolve) => (wakeReader = resolve));
      if (queue.length > 0) {
        const event = queue.shift()!;
        if (queue.length < HIGH_WATER / 2 && wakeWriter) {
          const writer = wakeWriter;
          wakeWriter = undefined;
          writer();
        }
        return { value: event, done: false };
      }
      if (failure) {
        const { error } = failure;
        failure = undefined;
        throw error;
      }
      return { value: undefined, done: true };
    },
    async return(): Promise<IteratorResult<StreamEvent>> {
      sink.closed = true;
      turn.cancel();
      wakeWriter?.();
      return { value: undefined, done: true };
    },
  };
}
