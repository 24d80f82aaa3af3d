import type { ErrorKind } from '@bench/formats';
import { ClientError, type ClientErrorOptions } from './client-error';

const marker = Symbol.for('bench.client.RateLimitedError');

/** 429 from the upstream, or a local pacing refusal (`local`). */
export class RateLimitedError extends ClientError {
  private readonly [marker] = true;
  readonly kind = 'rate-limited' as const;
  /** How long the upstream (or the pacer) asked to wait, when it said. */
  readonly retryAfterMs: number | undefined;
  /** True when the local pacer refused before any request was sent. */
  readonly local: boolean;

  constructor(options: ClientErrorOptions & { retryAfterMs?: number; local?: boolean }) {
    super(options);
    this.name = 'RateLimitedError';
    this.retryAfterMs = options.retryAfterMs;
    this.local = options.local ?? false;
  }

  protected get neutralKind(): ErrorKind {
    return 'rate-limit';
  }

  override get gatewayStatus(): number {
    return 429;
  }

  override get isRetryable(): boolean {
    return true;
  }

  static override isInstance(error: unknown): error is RateLimitedError {
    return typeof error === 'object' && error !== null && marker in error;
  }
}
