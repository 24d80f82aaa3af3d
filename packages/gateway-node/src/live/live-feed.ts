import type { EngineEvent, EngineEvents } from '@bench/engine';
import { toCallRecord } from '@bench/ledger';
import type { ReplyStream } from '../reply';

interface Listener {
  stream: ReplyStream;
  /** The reader fell behind: events are skipped until its socket drains, then it is told how many. */
  behind: boolean;
  skipped: number;
  done: () => void;
}

/** An event as the dashboard's stream sends it: a call as the ledger stores it, a turn's outline, a verdict, a failover, a refusal by a limit. */
function sseOf(event: EngineEvent, now: number): string {
  switch (event.type) {
    case 'call':
      return `event: call\ndata: ${JSON.stringify(toCallRecord(event.call, now, undefined))}\n\n`;
    case 'turn': {
      const { conversation, turn, call, alias, status, collection, time } = event.turn;
      return `event: turn\ndata: ${JSON.stringify({ conversation, turn, call: call ?? null, alias, status, collection: collection ?? null, time: time ?? now })}\n\n`;
    }
    case 'verdict':
      return `event: verdict\ndata: ${JSON.stringify(event.verdict)}\n\n`;
    case 'failover':
      return `event: failover\ndata: ${JSON.stringify(event.failover)}\n\n`;
    case 'refusal':
      return `event: refusal\ndata: ${JSON.stringify({ ...event.refusal, time: now })}\n\n`;
    default: {
      const unreachable: never = event;
      return unreachable;
    }
  }
}

/**
 * `GET /bench/events`' readers: listens to the engine only while someone reads (so the engine's events cost nothing
 * otherwise), writes each event to every reader without ever waiting on one (a reader whose socket is full skips
 * events, and is told how many once it drains), forgets a reader that went away, and ends every stream on close.
 */
export class LiveFeed {
  readonly #events: EngineEvents;
  readonly #listeners = new Set<Listener>();
  #unsubscribe: (() => void) | undefined;
  #closed = false;

  constructor(events: EngineEvents) {
    this.#events = events;
  }

  get readers(): number {
    return this.#listeners.size;
  }

  /** Streams events to `stream` until its reader goes away or the feed closes. */
  follow(stream: ReplyStream, closed: Promise<void>): Promise<void> {
    if (this.#closed) {
      stream.end();
      return Promise.resolve();
    }
    return new Promise<void>((resolve) => {
      const listener: Listener = { stream, behind: false, skipped: 0, done: resolve };
      this.#listeners.add(listener);
      this.#unsubscribe ??= this.#events.on((event) => this.#send(event));
      void closed.then(() => this.#drop(listener));
    });
  }

  /** Ends every reader's stream (the gateway is shutting down: `EventSource` reconnects by itself). */
  close(): void {
    this.#closed = true;
    for (const listener of [...this.#listeners]) this.#drop(listener);
  }

  #send(event: EngineEvent): void {
    const text = sseOf(event, Date.now());
    for (const listener of this.#listeners) {
      if (listener.stream.isClosed) {
        this.#drop(listener);
        continue;
      }
      if (listener.behind) {
        listener.skipped += 1;
        continue;
      }
      const waiting = listener.stream.write(text);
      if (waiting) {
        listener.behind = true;
        void waiting.then(() => {
          listener.behind = false;
          if (listener.skipped > 0) void listener.stream.write(`event: skipped\ndata: {"events":${listener.skipped}}\n\n`);
          listener.skipped = 0;
        });
      }
    }
  }

  #drop(listener: Listener): void {
    if (!this.#listeners.delete(listener)) return;
    listener.stream.end();
    listener.done();
    if (this.#listeners.size === 0 && this.#unsubscribe) {
      this.#unsubscribe();
      this.#unsubscribe = undefined;
    }
  }
}
