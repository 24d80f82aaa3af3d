import { BenchError, type NeutralError } from '@bench/contracts';
const marker = Symbol.for('bench.ledger.LedgerWriteError');

/** A batch the store did not take; the records stay queued and are retried. */
export class LedgerWriteError extends BenchError {
  private readonly [marker] = true;
  /** Records in the failed batch. */
  readonly records: number;
  /** Consecutive failures so far. */
  readonly attempt: number;

  constructor(records: number, attempt: number, cause: unknown) {
    const why = cause instanceof Error ? cause.message : String(cause);
    super(`ledger write of ${records} records failed (attempt ${attempt}), will retry: ${why}`, { cause });
    this.name = 'LedgerWriteError';
    this.records = records;
    this.attempt = attempt;
  }

  toNeutral(): NeutralError {
    return { kind: 'internal', message: this.message };
  }

  static override isInstance(error: unknown): error is LedgerWriteError {
    return typeof error === 'object' && error !== null && marker in error;
  }
}
