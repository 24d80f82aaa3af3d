import type { Client } from '@bench/client';
import type { NeutralRequest } from '@bench/formats';
import type { CallRecorder } from './call-recorder';
import { PanelInputError } from './errors/panel-input-error';
import { EventChannel } from './event-channel';
import { executePanel } from './execute-panel';
import type { PanelEvent, PanelResult, SeatedSeat } from './panel-event';
import type { PanelReplyMode, SkippedMember } from './panel-bench';
import { checkPanelId, newPanelId } from './panel-id';
import type { MemberLookup, PanelCollection } from './panel-member';
import type { UsefulRecords } from './rank-mergers';
import { refuseTools } from './refuse-tools';
import { seatMembers } from './seat-members';

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
  /** Useful verdicts per alias, to choose a merger when the collection names none. */
  records?: UsefulRecords;
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
}

/**
 * Seats a panel and starts it. Throws at once, before any call, on a refusal:
 * `PanelToolsError`, `PanelInputError` (400/404), `NoSeatError` (400/413).
 */
export function runPanel(input: PanelInput): PanelRun {
  const { collection, request } = input;
  if (input.mode !== 'all' && input.mode !== 'merged') {
    throw new PanelInputError('mode', `a panel answers "all" or "merged", got ${JSON.stringify(input.mode)}`);
  }
  const id = input.id !== undefined ? checkPanelId(input.id) : (input.newId ?? newPanelId)();
  refuseTools(request, collection.name);
  const { seats, skipped } = seatMembers({ collection, models: input.models, request, ...(input.with ? { with: input.with } : {}) });
  const seated = seats.map((member, i) => ({ alias: member.alias, call: `${id}.${i + 1}` }));

  const controller = new AbortController();
  const onAbort = () => controller.abort();
  if (input.signal?.aborted) controller.abort();
  else input.signal?.addEventListener('abort', onAbort, { once: true });

  const channel = new EventChannel<PanelEvent>();
  const result = executePanel({ ...input, id, seats, seated, skipped, signal: controller.signal, emit: (e) => channel.push(e) });
  const settled = () => {
    input.signal?.removeEventListener('abort', onAbort);
    channel.close();
  };
  // Handled here so that a caller reading only `events` leaves no unhandled rejection.
  result.then(settled, settled);
  return { id, seats: seated, skipped, events: channel, result, cancel: onAbort };
}
