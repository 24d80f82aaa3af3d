import { BenchError, type NeutralError } from '@bench/contracts';
import { hasMarker } from './has-marker';

const marker = Symbol.for('bench.router.invalid-route-input-error');

/** A plan or settle input the router cannot use: names the field and why (a 400). */
export class InvalidRouteInputError extends BenchError {
  private readonly [marker] = true;
  override readonly name = 'InvalidRouteInputError';
  readonly status = 400;

  constructor(
    readonly field: string,
    readonly why: string,
  ) {
    super(`${field}: ${why}`);
  }

  toNeutral(): NeutralError {
    // A call the router cannot use is the calling code's mistake, not the caller's: answered as an internal error.
    return { kind: 'internal', message: this.message, param: this.field };
  }

  static override isInstance(error: unknown): error is InvalidRouteInputError {
    return hasMarker(error, marker);
  }
}
