import type { ErrorKind } from '@bench/formats';
import { ClientError } from './client-error';
import { RateLimitedError } from './rate-limited-error';

const marker = Symbol.for('bench.client.AllCandidatesFailedError');

export interface CandidateFailure {
  alias: string;
  error: ClientError;
}

/**
 * Every candidate of a failover failed before its first piece. 429 when every
 * one was rate limited, 413 when every one was too small for the request, else 502.
 */
export class AllCandidatesFailedError extends ClientError {
  private readonly [marker] = true;
  readonly kind = 'all-failed' as const;
  readonly failures: readonly CandidateFailure[];
  /** When every candidate was rate limited: the shortest wait any of them asked for. */
  readonly retryAfterMs: number | undefined;

  constructor(failures: CandidateFailure[]) {
    const reasons = failures.map((f) => f.error.message).join('; ');
    super({ message: failures.length > 0 ? `every candidate failed — ${reasons}` : 'no candidate to call' });
    this.name = 'AllCandidatesFailedError';
    this.failures = failures;
    const waits = failures.flatMap((f) => (RateLimitedError.isInstance(f.error) && f.error.retryAfterMs !== undefined ? [f.error.retryAfterMs] : []));
    this.retryAfterMs = this.allRateLimited && waits.length > 0 ? Math.min(...waits) : undefined;
  }

  get allRateLimited(): boolean {
    return this.failures.length > 0 && this.failures.every((f) => f.error.kind === 'rate-limited');
  }

  get allTooLarge(): boolean {
    return this.failures.length > 0 && this.failures.every((f) => f.error.kind === 'context-length');
  }

  protected get neutralKind(): ErrorKind {
    if (this.allRateLimited) return 'rate-limit';
    return this.allTooLarge ? 'request-too-large' : 'upstream';
  }

  override get gatewayStatus(): number {
    if (this.allRateLimited) return 429;
    return this.allTooLarge ? 413 : 502;
  }

  static override isInstance(error: unknown): error is AllCandidatesFailedError {
    return typeof error === 'object' && error !== null && marker in error;
  }
}
