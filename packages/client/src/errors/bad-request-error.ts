import type { ErrorKind, NeutralError } from '@bench/formats';
import { ClientError, type ClientErrorOptions } from './client-error';

const marker = Symbol.for('bench.client.BadRequestError');

/** A 4xx the request itself caused (a bad schema, an unsupported field): the caller's error, not a failover. */
export class BadRequestError extends ClientError {
  private readonly [marker] = true;
  readonly kind = 'bad-request' as const;
  /** The request field at fault, when the upstream named one. */
  readonly param: string | undefined;

  constructor(options: ClientErrorOptions & { param?: string }) {
    super(options);
    this.name = 'BadRequestError';
    this.param = options.param;
  }

  protected get neutralKind(): ErrorKind {
    return 'invalid-request';
  }

  override get gatewayStatus(): number {
    return this.status !== undefined && this.status >= 400 && this.status < 500 ? this.status : 400;
  }

  override toNeutral(): NeutralError {
    return { ...super.toNeutral(), ...(this.param ? { param: this.param } : {}) };
  }

  static override isInstance(error: unknown): error is BadRequestError {
    return typeof error === 'object' && error !== null && marker in error;
  }
}
