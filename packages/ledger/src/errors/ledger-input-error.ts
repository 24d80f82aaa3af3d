import { BenchError, type NeutralError } from '@bench/contracts';
const marker = Symbol.for('bench.ledger.LedgerInputError');

/** A record or verdict with a field that is missing or wrong: names the field and why. Maps to HTTP 400. */
export class LedgerInputError extends BenchError {
  private readonly [marker] = true;
  readonly field: string;
  readonly reason: string;

  constructor(field: string, reason: string) {
    super(`${field}: ${reason}`);
    this.name = 'LedgerInputError';
    this.field = field;
    this.reason = reason;
  }

  toNeutral(): NeutralError {
    return { kind: 'invalid-request', message: this.message, param: this.field };
  }

  static override isInstance(error: unknown): error is LedgerInputError {
    return typeof error === 'object' && error !== null && marker in error;
  }
}
