import type { FinishReason, Usage } from '@bench/formats';
import type { PanelAbortedError } from './errors/panel-aborted-error';
import type { PanelFailedError } from './errors/panel-failed-error';
import type { BenchSeat, PanelBench, SkippedMember } from './panel-bench';

/** A seat as seated: its alias and call id. */
export interface SeatedSeat {
  alias: string;
  call: string;
  /** An explorer seat (the least record on the shape). */
  explorer?: true;
}

/** What a finished panel answers with. */
export interface PanelResult {
  panel: string;
  /** The reply's text: the merged answer, or every labelled answer in seat order (streamed, the same blocks went as the seats ended). */
  text: string;
  finishReason: FinishReason;
  /** Every call's usage added up (seats and merger). */
  usage: Usage;
  bench: PanelBench;
}

/**
 * A panel's progress, in order: `seated` (send the 200 here), one `seat-done`
 * per seat as each ends, the answer as `text-delta`s (`all`: each seat's
 * labelled answer right after its `seat-done`, a failed seat's once one seat
 * answered; `merged`: the merger's text after every seat), then `done` — or
 * `error` (every seat failed: 502; cancelled: 499) after which nothing follows.
 */
export type PanelEvent =
  | { type: 'seated'; panel: string; seats: SeatedSeat[]; skipped: SkippedMember[] }
  | { type: 'seat-done'; seat: BenchSeat }
  | { type: 'text-delta'; text: string }
  | ({ type: 'done' } & PanelResult)
  | { type: 'error'; error: PanelFailedError | PanelAbortedError };
