import { BenchError, type NeutralError } from '@bench/contracts';
const marker = Symbol.for('bench.ledger.UnknownCallError');

/** A verdict on a call id the ledger never recorded. Maps to HTTP 404. */
export class UnknownCallError extends BenchError {
  private readonly [marker] = true;
  readonly call: string;

  constructor(call: string) {
    super(`call "${call}" is not in the ledger: post a verdict with a call id from a reply's \`bench\` object`);
    this.name = 'UnknownCallError';
    this.call = call;
  }

  toNeutral(): NeutralError {
    return { kind: 'not-found', message: this.message, param: 'call' };
  }

  static override isInstance(error: unknown): error is UnknownCallError {
    return typeof error === 'object' && error !== null && marker in error;
  }
}
