import { BenchError, type ErrorKind, type NeutralError } from '@bench/contracts';

const marker = Symbol.for('bench.engine.error');

/**
 * An error a turn is answered with: a status, a kind every protocol can shape, and a message that says what to do.
 * The engine's own refusals and failures are these; an upstream's errors (the client's) are other `BenchError`s.
 */
export class EngineError extends BenchError {
  private readonly [marker] = true;
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

  /** Whether the error is an `EngineError`, even from another installed copy of the package (not any `BenchError`). */
  static override isInstance(error: unknown): error is EngineError {
    return typeof error === 'object' && error !== null && marker in error;
  }

  toNeutral(): NeutralError {
    return { kind: this.kind, status: this.status, message: this.message, ...(this.param ? { param: this.param } : {}) };
  }

  override get replyHeaders(): Record<string, string> {
    return this.headers;
  }
}
