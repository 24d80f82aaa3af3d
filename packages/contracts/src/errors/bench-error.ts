import { STATUS_BY_KIND } from './error-kind';
import type { NeutralError } from './neutral-error';

const marker = Symbol.for('bench.error');

/**
 * The base of every error a bench package throws on purpose (as the AI SDK's
 * `AISDKError`): each says, as a neutral error, what the caller is told — a
 * kind every protocol can shape, a status where the kind's usual one does not
 * fit, a message that says what to do. Recognised by a `Symbol.for` marker, so
 * that two installed copies of a package still know each other's errors.
 */
export abstract class BenchError extends Error {
  private readonly [marker] = true;

  /** This error as the caller is told it. */
  abstract toNeutral(): NeutralError;

  /** Headers the answer carries (a `retry-after`); none by default. */
  get replyHeaders(): Record<string, string> {
    return {};
  }

  static isInstance(error: unknown): error is BenchError {
    return typeof error === 'object' && error !== null && marker in error;
  }
}

/** The status a neutral error is answered with: its own, else its kind's. */
export function statusOfError(error: NeutralError): number {
  return error.status ?? STATUS_BY_KIND[error.kind];
}
