import type { ErrorKind } from '@bench/formats';
import { ClientError, type ClientErrorOptions } from './client-error';

const marker = Symbol.for('bench.client.ServerError');

/** A 5xx (or an in-stream overloaded/server error event) from the upstream. */
export class ServerError extends ClientError {
  private readonly [marker] = true;
  readonly kind = 'server' as const;

  constructor(options: ClientErrorOptions) {
    super(options);
    this.name = 'ServerError';
  }

  protected get neutralKind(): ErrorKind {
    return 'upstream';
  }

  static override isInstance(error: unknown): error is ServerError {
    return typeof error === 'object' && error !== null && marker in error;
  }
}
