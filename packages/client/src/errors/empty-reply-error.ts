import type { ErrorKind } from '@bench/formats';
import { ClientError, type ClientErrorOptions } from './client-error';

const marker = Symbol.for('bench.client.EmptyReplyError');

/** The upstream finished without a single piece of output (no text, reasoning or tool call). */
export class EmptyReplyError extends ClientError {
  private readonly [marker] = true;
  readonly kind = 'empty' as const;

  constructor(options: ClientErrorOptions) {
    super(options);
    this.name = 'EmptyReplyError';
  }

  protected get neutralKind(): ErrorKind {
    return 'upstream';
  }

  static override isInstance(error: unknown): error is EmptyReplyError {
    return typeof error === 'object' && error !== null && marker in error;
  }
}
