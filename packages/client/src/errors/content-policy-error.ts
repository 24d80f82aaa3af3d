import type { ErrorKind } from '@bench/formats';
import { ClientError, type ClientErrorOptions } from './client-error';

const marker = Symbol.for('bench.client.ContentPolicyError');

/** The upstream refused the request on content policy: that refusal is the answer. */
export class ContentPolicyError extends ClientError {
  private readonly [marker] = true;
  readonly kind = 'content-policy' as const;

  constructor(options: ClientErrorOptions) {
    super(options);
    this.name = 'ContentPolicyError';
  }

  protected get neutralKind(): ErrorKind {
    return 'content-policy';
  }

  override get gatewayStatus(): number {
    return 400;
  }

  static override isInstance(error: unknown): error is ContentPolicyError {
    return typeof error === 'object' && error !== null && marker in error;
  }
}
