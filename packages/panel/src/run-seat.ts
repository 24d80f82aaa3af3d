import type { NeutralRequest } from '@bench/formats';
import { callMember, type CallContext } from './call-member';
import { callStatus } from './call-status';
import type { BenchSeat } from './panel-bench';
import type { PanelMember } from './panel-member';

/** Calls one seat to its end, records it, and returns its `bench.seats` entry. Never rejects. */
export async function runSeat(context: CallContext, member: PanelMember, call: string, request: NeutralRequest): Promise<BenchSeat> {
  const started = callMember(context, member, call, 'seat', request);
  try {
    await started.run.collect();
  } catch {
    // The run's result carries the failure.
  }
  const result = await started.finish();
  const { status, error } = callStatus(result);
  return {
    alias: member.alias,
    call,
    status,
    answer: result.text,
    seconds: result.seconds,
    ...(result.usage ? { usage: result.usage } : {}),
    ...(error !== undefined ? { error } : {}),
    ...(result.warnings.length > 0 ? { warnings: result.warnings.map((w) => (w.path ? { path: w.path, message: w.message } : { message: w.message })) } : {}),
  };
}
