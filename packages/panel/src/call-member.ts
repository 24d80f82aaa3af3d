import type { CallResult, Client, FailoverOptions, FailoverRun } from '@bench/client';
import type { NeutralRequest } from '@bench/formats';
import type { CallRecorder } from './call-recorder';
import { capOutput } from './cap-output';
import type { PanelMember } from './panel-member';
import type { PanelStop } from './panel-stop';
import { toPanelCall } from './to-panel-call';

/** What every seat and merger call of one panel shares. */
export interface CallContext {
  client: Pick<Client, 'call'>;
  /** The collection's timeouts and retries. */
  options: FailoverOptions;
  /** The panel's stop: every call is cancelled with it. */
  stop: PanelStop;
  collection: string;
  keyName?: string;
  /** The request's shape, on every call's record. */
  shape?: string;
  recorder?: CallRecorder;
  onRecordError?: (error: unknown) => void;
}

export interface MemberCall {
  run: FailoverRun;
  /** Records the call once its run has ended (its `result` settled) and returns the result. */
  record(result: CallResult): CallResult;
}

/** Starts one call to one member (its own short retries, no failover), its output budget cut to its maxOutput. */
export function callMember(context: CallContext, member: PanelMember, id: string, purpose: 'seat' | 'merger', request: NeutralRequest): MemberCall {
  // A panel's seats share one request that already streams: no copy a seat.
  const capped = capOutput(request.stream === true ? request : { ...request, stream: true }, member);
  const run = context.client.call(member.target, capped.request, context.options);
  context.stop.track(run);
  return {
    run,
    record(result) {
      const call = toPanelCall(
        { id, purpose, collection: context.collection, keyName: context.keyName, shape: context.shape, member, warnings: capped.warnings },
        result,
      );
      try {
        context.recorder?.recordCall(call);
      } catch (error) {
        context.onRecordError?.(error);
      }
      return result;
    },
  };
}
