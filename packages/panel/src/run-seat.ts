import type { CallResult } from '@bench/client';
import type { NeutralRequest } from '@bench/formats';
import { callMember, type CallContext } from './call-member';
import { callStatus } from './call-status';
import type { BenchSeat } from './panel-bench';
import type { PanelMember } from './panel-member';

/**
 * Calls one seat to its end, records it, and returns its `bench.seats` entry as `onEnd` (the panel's own step at a
 * seat's end) returns it: called in the same reaction, not one more on the seat's promise. Rejects only when `onEnd` throws.
 */
export function runSeat(
  context: CallContext,
  member: PanelMember,
  call: string,
  request: NeutralRequest,
  onEnd: (seat: BenchSeat) => BenchSeat,
): Promise<BenchSeat> {
  const started = callMember(context, member, call, 'seat', request);
  const ended = (result: CallResult) => onEnd(benchSeatOf(member.alias, call, started.record(result)));
  // One reaction on the run's end, not an async function awaiting it. A read that throws: the run's result carries the failure.
  return started.run.collect().then(ended, () => started.run.result.then(ended));
}

/** Field by field, not with spreads of optional fields: a spread adding a key its source lacks is slow in Node 20. */
function benchSeatOf(alias: string, call: string, result: CallResult): BenchSeat {
  const { status, error } = callStatus(result);
  const seat: BenchSeat = { alias, call, status, answer: result.text, seconds: result.seconds };
  if (result.usage) seat.usage = result.usage;
  if (error !== undefined) seat.error = error;
  if (result.warnings.length > 0) seat.warnings = result.warnings.map((w) => (w.path ? { path: w.path, message: w.message } : { message: w.message }));
  return seat;
}
