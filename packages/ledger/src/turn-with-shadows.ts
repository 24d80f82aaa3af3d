import type { CallRecord } from './call-record';

/** A route turn's answering call and the shadow calls sent its request afterwards, side by side, to judge them. */
export interface TurnWithShadows {
  call: CallRecord;
  /** In id order (`<call>-shadow-1`, `-2`, …). */
  shadows: CallRecord[];
}
