import { BenchError, type NeutralError } from '@bench/contracts';
const marker = Symbol.for('bench.ledger.LedgerUnwrittenError');

/** `close()` could not write what was queued: these records are lost (the process is going away). */
export class LedgerUnwrittenError extends BenchError {
  private readonly [marker] = true;
  /** Records still queued, not written. */
  readonly records: number;

  constructor(records: number, cause: unknown) {
    const why = cause instanceof Error ? cause.message : String(cause);
    super(`${records} ledger records were not written at close: ${why}`, { cause });
    this.name = 'LedgerUnwrittenError';
    this.records = records;
  }

  toNeutral(): NeutralError {
    return { kind: 'internal', message: this.message };
  }

  static override isInstance(error: unknown): error is LedgerUnwrittenError {
    return typeof error === 'object' && error !== null && marker in error;
  }
}
