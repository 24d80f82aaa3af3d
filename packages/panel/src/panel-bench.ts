import type { Usage } from '@bench/formats';

export type PanelReplyMode = 'all' | 'merged';

/** How a seat's or the merger's call ended. */
export type CallStatus = 'ok' | 'error' | 'timeout' | 'aborted';

/** A member not asked (or passed over as merger), and why. */
export interface SkippedMember {
  /** The seat it would have had (1-based, members then `with`); absent for a merger passed over. */
  seat?: number;
  alias: string;
  why: string;
  /** It was next in line for an explorer seat and could not take the request; the next least-recorded sat instead. */
  explorer?: true;
}

/** One seat's answer, as the reply's `bench.seats` carries it. */
export interface BenchSeat {
  alias: string;
  /** The call id, `<panel>.<n>`. */
  call: string;
  status: CallStatus;
  /** The seat's answer text ('' when it failed before any). */
  answer: string;
  seconds: number;
  usage?: Usage;
  /** Why it failed (absent when ok). */
  error?: string;
  /** An explorer seat: given to a member with the least record on the shape, so that it earns one. */
  explorer?: true;
  /** What the seat's request lost on the way to its member, and malformed events skipped (absent when none). */
  warnings?: Array<{ path?: string; message: string }>;
}

export interface BenchMerger {
  alias: string;
  /** `<panel>.merger` */
  call: string;
  status: CallStatus;
  seconds?: number;
  usage?: Usage;
  error?: string;
}

/** The `bench` object of a panel reply (DESIGN.md "Replies"). */
export interface PanelBench {
  panel: string;
  collection: string;
  /** The shape the records were read on (present when the panel input named one). */
  shape?: string;
  /** Who said the shape: `collection`, the shaper's alias, or `default` (present when the input said). */
  shape_by?: string;
  seats: BenchSeat[];
  reply: PanelReplyMode;
  merger?: BenchMerger;
  note?: string;
  skipped?: SkippedMember[];
  verdict?: { post: string; body: { call: string; useful: boolean } };
}
