import type { ErrorKind } from '@bench/formats';
import { ClientError, type ClientErrorOptions } from './client-error';

const marker = Symbol.for('bench.client.ProviderRefusedError');

/** 401, 402, 403 or 404 from the upstream (the gateway's key is wrong or spent, or its model name), or a request its protocol cannot carry: not the caller's fault; fails over. */
export class ProviderRefusedError extends ClientError {
  private readonly [marker] = true;
  readonly kind = 'provider-refused' as const;

  constructor(options: ClientErrorOptions) {
    super(options);
    this.name = 'ProviderRefusedError';
  }

  protected get neutralKind(): ErrorKind {
    return 'upstream';
  }

  static override isInstance(error: unknown): error is ProviderRefusedError {
    return typeof error === 'object' && error !== null && marker in error;
  }
}
