import type { ErrorKind } from '@bench/formats';
import { ClientError, type ClientErrorOptions } from './client-error';

const marker = Symbol.for('bench.client.AbortedError');

/** The caller aborted the call (its AbortSignal fired); the upstream socket was closed. */
export class AbortedError extends ClientError {
  private readonly [marker] = true;
  readonly kind = 'aborted' as const;

  constructor(options: ClientErrorOptions) {
    super(options);
    this.name = 'AbortedError';
  }

  protected get neutralKind(): ErrorKind {
    return 'internal';
  }

  /** nginx's "client closed request". */
  override get gatewayStatus(): number {
    return 499;
  }

  override get isRetryable(): boolean {
    return false;
  }

  static override isInstance(error: unknown): error is AbortedError {
    return typeof error === 'object' && error !== null && marker in error;
  }
}
