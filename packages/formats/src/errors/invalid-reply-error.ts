import { BenchError, type NeutralError } from '@bench/contracts';
const marker = Symbol.for('bench.formats.InvalidReplyError');

/** An upstream's reply or stream event that is not what its protocol promises. */
export class InvalidReplyError extends BenchError {
  private readonly [marker] = true;
  readonly body: unknown;

  constructor(message: string, options?: { body?: unknown; cause?: unknown }) {
    super(message, { cause: options?.cause });
    this.name = 'InvalidReplyError';
    this.body = options?.body;
  }

  toNeutral(): NeutralError {
    return { kind: 'upstream', message: this.message };
  }

  static override isInstance(error: unknown): error is InvalidReplyError {
    return typeof error === 'object' && error !== null && marker in error;
  }
}
