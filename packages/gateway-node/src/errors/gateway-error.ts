import type { ErrorKind, NeutralError } from '@bench/formats';

const marker = Symbol.for('bench.gateway.GatewayError');

/** An error the gateway answers with: a status, a kind every protocol can shape, and a message that says what to do. */
export class GatewayError extends Error {
  private readonly [marker] = true;
  readonly status: number;
  readonly kind: ErrorKind;
  readonly param: string | undefined;
  readonly headers: Record<string, string>;

  constructor(status: number, kind: ErrorKind, message: string, options?: { param?: string; headers?: Record<string, string>; cause?: unknown }) {
    super(message, { cause: options?.cause });
    this.name = 'GatewayError';
    this.status = status;
    this.kind = kind;
    this.param = options?.param;
    this.headers = options?.headers ?? {};
  }

  toNeutral(): NeutralError {
    return { kind: this.kind, status: this.status, message: this.message, ...(this.param ? { param: this.param } : {}) };
  }

  static isInstance(error: unknown): error is GatewayError {
    return typeof error === 'object' && error !== null && marker in error;
  }
}
