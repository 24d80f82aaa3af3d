import { BenchError, type NeutralError } from '@bench/contracts';
const marker = Symbol.for('bench.ledger.LedgerRefusedError');

export type RefusalReason = 'queue-full' | 'closed';

/** A record the ledger could not queue (reported through `onError`, never thrown at the request path). */
export class LedgerRefusedError extends BenchError {
  private readonly [marker] = true;
  readonly reason: RefusalReason;
  /** The refused record's call id or `conversation#turn`. */
  readonly record: string;

  constructor(reason: RefusalReason, record: string) {
    const why = reason === 'queue-full' ? 'the write queue is full (the store is down or too slow)' : 'the ledger is closed';
    super(`ledger record ${record} not written: ${why}`);
    this.name = 'LedgerRefusedError';
    this.reason = reason;
    this.record = record;
  }

  toNeutral(): NeutralError {
    return { kind: 'internal', message: this.message };
  }

  static override isInstance(error: unknown): error is LedgerRefusedError {
    return typeof error === 'object' && error !== null && marker in error;
  }
}
