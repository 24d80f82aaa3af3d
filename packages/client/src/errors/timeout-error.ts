import type { ErrorKind } from '@bench/formats';
import { ClientError, type ClientErrorOptions } from './client-error';

const marker = Symbol.for('bench.client.TimeoutError');

/** Which deadline passed: before the first piece (headers included), between pieces, or overall. */
export type TimeoutKind = 'first-token' | 'idle' | 'total';

/** The upstream took longer than one of the call's timeouts. */
export class TimeoutError extends ClientError {
  private readonly [marker] = true;
  readonly kind = 'timeout' as const;
  readonly timeout: TimeoutKind;
  readonly ms: number;

  constructor(options: Omit<ClientErrorOptions, 'message'> & { timeout: TimeoutKind; ms: number }) {
    const what = { 'first-token': 'no first piece', idle: 'no piece', total: 'the reply did not finish' }[options.timeout];
    super({ ...options, message: `${options.alias ?? 'upstream'}: ${what} within ${options.ms} ms (${options.timeout} timeout)` });
    this.name = 'TimeoutError';
    this.timeout = options.timeout;
    this.ms = options.ms;
  }

  protected get neutralKind(): ErrorKind {
    return 'timeout';
  }

  override get gatewayStatus(): number {
    return 504;
  }

  override get isRetryable(): boolean {
    return true;
  }

  static override isInstance(error: unknown): error is TimeoutError {
    return typeof error === 'object' && error !== null && marker in error;
  }
}
