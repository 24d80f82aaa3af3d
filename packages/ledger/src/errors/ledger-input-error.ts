const marker = Symbol.for('bench.ledger.LedgerInputError');

/** A record or verdict with a field that is missing or wrong: names the field and why. Maps to HTTP 400. */
export class LedgerInputError extends Error {
  private readonly [marker] = true;
  readonly field: string;
  readonly reason: string;

  constructor(field: string, reason: string) {
    super(`${field}: ${reason}`);
    this.name = 'LedgerInputError';
    this.field = field;
    this.reason = reason;
  }

  static isInstance(error: unknown): error is LedgerInputError {
    return typeof error === 'object' && error !== null && marker in error;
  }
}
