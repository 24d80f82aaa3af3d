import type { CallRecorder } from '@bench/contracts';

/** A recorder that marks every call it writes with the surface the turn came through (`via: "mcp"`). */
export function recordedVia(recorder: CallRecorder, via: string): CallRecorder {
  return { recordCall: (call) => recorder.recordCall({ ...call, via }) };
}
