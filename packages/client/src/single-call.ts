import type { CallResult } from './call-result';
import { AllCandidatesFailedError } from './errors/all-candidates-failed-error';
import type { FailoverRun } from './failover-run';

/** A one-candidate failover that reports the candidate's own error rather than "every candidate failed". */
export function asSingleCall(run: FailoverRun): FailoverRun {
  const own = (result: CallResult): CallResult => {
    const error = result.error;
    if (!AllCandidatesFailedError.isInstance(error) || error.failures.length !== 1 || !error.failures[0]) return result;
    const inner = error.failures[0].error;
    return { ...result, error: inner, status: inner.gatewayStatus };
  };
  const result = run.result.then(own);
  return {
    ...run,
    committed: run.committed.then((commit) => {
      if (commit.ok || !AllCandidatesFailedError.isInstance(commit.error) || commit.error.failures.length !== 1) return commit;
      return { ...commit, error: commit.error.failures[0]?.error ?? commit.error };
    }),
    result,
    collect: async () => {
      await run.collect();
      return result;
    },
  };
}
