import type { ErrorKind } from '@bench/formats';
import { ClientError, type ClientErrorOptions } from './client-error';

const marker = Symbol.for('bench.client.ContextLengthError');

/** The request does not fit the model's context window (a larger one may take it). */
export class ContextLengthError extends ClientError {
  private readonly [marker] = true;
  readonly kind = 'context-length' as const;

  constructor(options: ClientErrorOptions) {
    super(options);
    this.name = 'ContextLengthError';
  }

  protected get neutralKind(): ErrorKind {
    return 'context-length';
  }

  override get gatewayStatus(): number {
    return 400;
  }

  static override isInstance(error: unknown): error is ContextLengthError {
    return typeof error === 'object' && error !== null && marker in error;
  }
}
