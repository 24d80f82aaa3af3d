import type { CallPurpose, CallRecord } from '../call-record';
import type { CallCursor } from '../ledger-store';

/** The `status` filter that matches every failure (every status but `ok` and `aborted`). */
export const FAILED_STATUS = 'failed';

/** Which calls to list; every field narrows (AND). */
export interface CallFilter {
  /** Epoch ms, inclusive. */
  from?: number;
  /** Epoch ms, exclusive. */
  to?: number;
  collection?: string;
  alias?: string;
  keyName?: string;
  /** A status, or `failed` for every failure. */
  status?: string;
  purpose?: CallPurpose;
  /** Only each panel's first seat (`<panel>.1`): one call per panel. */
  firstSeat?: boolean;
  /** Only calls whose panel (the calls `<unit>.…`) has a seat or merger by this model. */
  panelMember?: string;
  /** Only calls whose panel has a verdict on one of its calls (true), or none yet (false). */
  panelJudged?: boolean;
}

export interface CallQuery extends CallFilter {
  /** The page after this one (newest first: the calls older than it). */
  cursor?: CallCursor;
  /** 1–500, default 50. */
  limit?: number;
}

/** The verdict as shown beside its call. */
export interface CallVerdict {
  useful: boolean;
  note: string | null;
  time: number;
}

export interface CallWithVerdict extends CallRecord {
  verdict: CallVerdict | null;
}

export interface CallPage {
  calls: CallWithVerdict[];
  /** The cursor of the next page; null on the last one. */
  next: CallCursor | null;
}
