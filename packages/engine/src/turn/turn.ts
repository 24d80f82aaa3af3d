import type { NeutralReply, StreamEvent } from '@bench/formats';

/** What the wire sends before the first event of a streamed turn. */
export interface TurnHead {
  /** The reply's `X-Bench-*` headers (a panel's id and seats; a route's conversation and, once known, member). */
  headers: Record<string, string>;
  /** Send the headers now (nothing to say yet: a panel seated, a route's grace period over), or with the first piece. */
  flush: boolean;
  /** The reply's id and the model it names, for encoders that need them before a `start` event. */
  id: string;
  model: string;
}

/** A whole answer, for a caller that did not stream: `reply.extra.bench` holds the `bench` object. */
export interface TurnReply {
  reply: NeutralReply;
  headers: Record<string, string>;
}

/**
 * Where a streamed turn writes its events (an HTTP reply, a queue). `write`
 * returns a promise only when the sink is full, so that a stream that keeps
 * up costs no promise an event.
 */
export interface TurnSink {
  write(event: StreamEvent): Promise<void> | undefined;
  /** The last event (a finish or an error) was written: the stream may end without waiting for the upstream to close. */
  end(): void;
  /** The reader went away: the turn stops writing. */
  readonly closed: boolean;
}

/** What the turn came to, for an access log: filled in as the turn goes. */
export interface TurnSummary {
  collection?: string;
  reply?: string;
  /** The member that answered (a route). */
  model?: string;
  /** What the turn cost in dollars, where its models have prices. */
  cost?: number;
  /** The route's conversation, once planned: every reply to the request names it (errors too). */
  conversation?: string;
}

/**
 * One turn, with no wire. Iterate it for its neutral stream events, or ask
 * for the whole `reply()`; `open()` says when a wire may answer 200 and with
 * which headers, and rejects with an `EngineError` (its status) when the turn
 * failed before its first piece. A turn is consumed one way only.
 */
export interface Turn extends AsyncIterable<StreamEvent> {
  open(): Promise<TurnHead>;
  /** Writes the stream into `sink` (after `open()`), and resolves when it ended. */
  pipe(sink: TurnSink): Promise<void>;
  reply(): Promise<TurnReply>;
  /** The caller went away: upstream calls are aborted, and recorded. */
  cancel(): void;
  readonly summary: TurnSummary;
  /** Settles once the turn is recorded and settled (never rejects). */
  readonly done: Promise<void>;
}
