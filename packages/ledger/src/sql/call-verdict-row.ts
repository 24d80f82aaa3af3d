import type { CallWithVerdict } from '../dashboard/call-query';
import { type CallRow, rowToCall } from './call-row';

/** A calls row with its verdict's columns (LEFT JOINed: null when none); Postgres gives booleans and BIGINT strings. */
export interface CallVerdictRow extends CallRow {
  verdict_useful: number | boolean | null;
  verdict_note: string | null;
  verdict_time: number | string | null;
}

export function rowToCallWithVerdict(row: CallVerdictRow): CallWithVerdict {
  const { verdict_useful, verdict_note, verdict_time, ...call } = row;
  return {
    ...rowToCall(call),
    verdict: verdict_useful === null ? null : { useful: verdict_useful === true || verdict_useful === 1, note: verdict_note, time: Number(verdict_time) },
  };
}
