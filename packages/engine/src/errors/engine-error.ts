import { BenchError, type ErrorKind, type NeutralError } from '@bench/contracts';

/** An error a turn is answered with: a status, a kind every protocol can shape, and a message that says what to do. */
export class EngineError extends BenchError {
  readonly status: number;
  readonly kind: ErrorKind;
  readonly param: string | undefined;
  readonly headers: Record<string, string>;

  constructor(status: number, kind: ErrorKind, message: string, options?: { param?: string; headers?: Record<string, string>; cause?: unknown }) {
    super(message, { cause: options?.cause });
    this.name = 'EngineError';
    this.status = status;
    this.kind = kind;
    this.param = options?.param;
    this.headers = options?.headers ?? {};
  }

  toNeutral(): NeutralError {
    return { kind: this.kind, status: this.status, message: this.message, ...(this.param ? { param: this.param } : {}) };
  }

  override get replyHeaders(): Record<string, string> {
    return this.headers;
  }
}
