import { BenchError, type NeutralError } from '@bench/contracts';
const marker = Symbol.for('bench.ledger.LedgerRetentionError');

/** A retention pass that failed (reported through `onError`); what it did not delete is tried again on the next pass. */
export class LedgerRetentionError extends BenchError {
  private readonly [marker] = true;
  /** The cutoff of the pass, epoch ms. */
  readonly before: number;

  constructor(before: number, cause: unknown) {
    const why = cause instanceof Error ? cause.message : String(cause);
    super(`ledger retention (deleting calls and turns before ${new Date(before).toISOString()}) failed, will try again on the next pass: ${why}`, { cause });
    this.name = 'LedgerRetentionError';
    this.before = before;
  }

  toNeutral(): NeutralError {
    return { kind: 'internal', message: this.message };
  }

  static override isInstance(error: unknown): error is LedgerRetentionError {
    return typeof error === 'object' && error !== null && marker in error;
  }
}
