import type { TurnHead, TurnReply, TurnSink } from './turn';

/** A turn once started (resolved, planned, its calls under way): consumed streamed (`open` then `pipe`) or whole (`reply`). */
export interface TurnRunner {
  open(): Promise<TurnHead>;
  pipe(sink: TurnSink): Promise<void>;
  reply(): Promise<TurnReply>;
  cancel(): void;
  /** Settles once the turn is recorded and settled. */
  done: Promise<void>;
}
