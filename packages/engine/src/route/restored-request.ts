import type { NeutralRequest } from '@bench/formats';
import { isPromise, type MaybePromise, type Plan } from '@bench/router';
import type { EngineRuntime } from '../runtime/engine-runtime';

/**
 * The request with the reasoning kept for its conversation put back (see
 * `Router.restoreReasoning`); as the caller sent it, with a warning logged,
 * when the store cannot be read: a turn without it beats no turn.
 */
export function restoredRequest(runtime: Pick<EngineRuntime, 'router' | 'logger'>, plan: Plan, request: NeutralRequest): MaybePromise<NeutralRequest> {
  const unread = (error: unknown) => {
    runtime.logger.warn({ err: (error as Error).message }, 'reading kept reasoning failed');
    return request;
  };
  try {
    const restoring = runtime.router.restoreReasoning(plan, request);
    return isPromise(restoring) ? restoring.catch(unread) : restoring;
  } catch (error) {
    return unread(error);
  }
}
