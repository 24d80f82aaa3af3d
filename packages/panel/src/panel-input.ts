import type { Client } from '@bench/client';
import type { NeutralRequest } from '@bench/formats';
import type { CallRecorder } from './call-recorder';
import type { PanelReplyMode, SkippedMember } from './panel-bench';
import type { PanelEvent, PanelResult, SeatedSeat } from './panel-event';
import type { MemberLookup, PanelCollection } from './panel-member';
import type { UsefulRecords } from './rank-mergers';

export interface PanelInput {
  client: Pick<Client, 'call'>;
  collection: PanelCollection;
  /** Every configured model the collection, `with` and `merger` may name. */
  models: MemberLookup;
  request: NeutralRequest;
  mode: PanelReplyMode;
  /** Extra aliases to seat (the body's `bench.with`). */
  with?: readonly string[];
  /** The panel id; generated when absent (see `newId`). */
  id?: string;
  /** Id generator (default `newPanelId`); inject one for deterministic tests. */
  newId?: () => string;
  /**
   * Records per alias (a count of useful verdicts, or a whole record with its shapes): who sits when there are more
   * members than `maxCalls`, and the merger when the collection names none.
   */
  records?: UsefulRecords;
  /** The request's shape (default `general`): records are read on it, each model's whole record where it has none. */
  shape?: string;
  /** Uniform [0, 1) for `order: "learned"` seat draws (default Math.random). */
  random?: () => number;
  /** Who said the shape (`collection`, the shaper's alias, `default`): `bench.shape_by`. */
  shapeBy?: string;
  /** Where each call is written (a `@bench/ledger` Ledger fits). */
  recorder?: CallRecorder;
  /** A recorder that throws does not stop the panel; its error comes here. */
  onRecordError?: (error: unknown) => void;
  /** The caller's key name, for the records (never the key). */
  keyName?: string;
  /** The caller going away: cancels every seat and the merger. */
  signal?: AbortSignal;
}

export interface PanelRun {
  readonly id: string;
  readonly seats: readonly SeatedSeat[];
  readonly skipped: readonly SkippedMember[];
  /** `seated`, `seat-done`…, `text-delta`…, then `done` or `error`. Read once. */
  readonly events: AsyncIterable<PanelEvent>;
  /** The whole result; rejects with `PanelFailedError` (502) or `PanelAbortedError` (499). */
  readonly result: Promise<PanelResult>;
  /** Stops every seat and the merger (as the caller's signal does). */
  cancel(): void;
  /** The caller reads only `result` (a reply that is not streamed): `events` from now on are dropped, and an `all` panel builds its labelled answers once, for the result. */
  dropEvents(): void;
}
