import { BenchError } from '@bench/contracts';
import type { ErrorKind, NeutralError } from '@bench/formats';

const marker = Symbol.for('bench.client.ClientError');

/** How a failed call is classified; decides retries and failover. */
export type ClientErrorKind =
  | 'rate-limited'
  | 'server'
  | 'connection'
  | 'timeout'
  | 'empty'
  | 'context-length'
  | 'content-policy'
  | 'bad-request'
  | 'provider-refused'
  | 'aborted'
  | 'all-failed';

export interface ClientErrorOptions {
  message: string;
  /** The model alias the call was for. */
  alias?: string;
  /** The upstream's HTTP status, when it answered with one. */
  status?: number;
  headers?: Record<string, string>;
  /** The upstream's error body, as text. */
  body?: string;
  cause?: unknown;
}

/** Base of every error the client reports. */
export abstract class ClientError extends BenchError {
  private readonly [marker] = true;
  abstract readonly kind: ClientErrorKind;
  readonly alias: string | undefined;
  readonly status: number | undefined;
  readonly headers: Record<string, string>;
  readonly body: string | undefined;

  constructor(options: ClientErrorOptions) {
    super(options.message, options.cause === undefined ? undefined : { cause: options.cause });
    this.alias = options.alias;
    this.status = options.status;
    this.headers = options.headers ?? {};
    this.body = options.body;
  }

  /** Retryable by HTTP convention (408, 409, 429, ≥ 500, no answer); the retry policy decides more narrowly. */
  get isRetryable(): boolean {
    const status = this.status;
    if (status === undefined) return this.kind === 'connection' || this.kind === 'server';
    return status === 408 || status === 409 || status === 429 || status >= 500;
  }

  /** The neutral error kind a gateway reports this as. */
  protected abstract get neutralKind(): ErrorKind;

  /** The HTTP status a gateway answers with for this error. */
  get gatewayStatus(): number {
    return 502;
  }

  /** This error as a neutral error, for an `error` stream event or a protocol's error body. */
  /** A 429 tells the caller how long to wait, where the upstream (or the pacer) said. */
  override get replyHeaders(): Record<string, string> {
    const retryAfterMs = (this as { retryAfterMs?: unknown }).retryAfterMs;
    if (this.gatewayStatus !== 429 || typeof retryAfterMs !== 'number') return {};
    return { 'retry-after': String(Math.ceil(retryAfterMs / 1000)) };
  }

  override toNeutral(): NeutralError {
    return { kind: this.neutralKind, status: this.gatewayStatus, message: this.message };
  }

  static override isInstance(error: unknown): error is ClientError {
    return typeof error === 'object' && error !== null && marker in error;
  }
}
