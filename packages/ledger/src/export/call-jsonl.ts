import type { CallRecord } from '../call-record';

/** One JSON line; time as ISO 8601. */
export function callToJsonLine(call: CallRecord): string {
  return `${JSON.stringify({ ...call, time: new Date(call.time).toISOString() })}\n`;
}
