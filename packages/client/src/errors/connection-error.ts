import type { ErrorKind } from '@bench/formats';
import { ClientError, type ClientErrorOptions } from './client-error';

const marker = Symbol.for('bench.client.ConnectionError');

/** The connection failed: refused or reset before any byte, or cut part way through a stream. */
export class ConnectionError extends ClientError {
  private readonly [marker] = true;
  readonly kind = 'connection' as const;
  /** True when nothing at all (not even headers) had arrived. */
  readonly beforeAnyByte: boolean;

  constructor(options: ClientErrorOptions & { beforeAnyByte: boolean }) {
    super(options);
    this.name = 'ConnectionError';
    this.beforeAnyByte = options.beforeAnyByte;
  }

  protected get neutralKind(): ErrorKind {
    return 'upstream';
  }

  static override isInstance(error: unknown): error is ConnectionError {
    return typeof error === 'object' && error !== null && marker in error;
  }
}
