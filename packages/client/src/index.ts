export { createClient, type Client, type ClientOptions } from './create-client';
export type { CountOptions } from './count-input-tokens';
export type { Commit, FailoverOptions, FailoverRun } from './failover-run';
export type { CallResult, Continuation, SkippedCandidate } from './call-result';
export type { AttemptReport } from './attempt-report';
export type { ModelTarget } from './model-target';
export { DEFAULT_KEY_REFUSED_MS, keyHealthId, type KeyPool, type ProviderKey } from './key-pool';
export { keyHealthIds, keyPoolStatus, type KeyStatus } from './key-pool-status';
export { VENDORS, type Vendor } from './vendors/registry';
export {
  DEFAULT_COOLDOWN,
  DEFAULT_RETRY,
  DEFAULT_TIMEOUTS,
  type CooldownSettings,
  type RetrySettings,
  type Timeouts,
} from './settings';
export { createMemoryHealthStore, type HealthStore, type MemberHealth } from './health/health-store';
export { Pacer, type PaceDecision } from './pacer';
export { MAX_RETRY_AFTER_MS, parseRetryAfter } from './retry-after';
export { classifyHttpError, type HttpErrorInput } from './classify-http-error';
export { classifyNeutralError } from './classify-neutral-error';
export { ClientError, type ClientErrorKind, type ClientErrorOptions } from './errors/client-error';
export { RateLimitedError } from './errors/rate-limited-error';
export { ServerError } from './errors/server-error';
export { ConnectionError } from './errors/connection-error';
export { TimeoutError, type TimeoutKind } from './errors/timeout-error';
export { EmptyReplyError } from './errors/empty-reply-error';
export { ContextLengthError } from './errors/context-length-error';
export { ContentPolicyError } from './errors/content-policy-error';
export { BadRequestError } from './errors/bad-request-error';
export { ProviderRefusedError } from './errors/provider-refused-error';
export { AbortedError } from './errors/aborted-error';
export { InvalidTargetError } from './errors/invalid-target-error';
export { AllCandidatesFailedError, type CandidateFailure } from './errors/all-candidates-failed-error';
export { callRecordOf, type CallEnding, type CallFiling } from './call-record-of';
