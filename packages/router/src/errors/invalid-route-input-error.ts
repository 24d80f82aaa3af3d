import { hasMarker } from './has-marker';

const marker = Symbol.for('bench.router.invalid-route-input-error');

/** A plan or settle input the router cannot use: names the field and why (a 400). */
export class InvalidRouteInputError extends Error {
  private readonly [marker] = true;
  override readonly name = 'InvalidRouteInputError';
  readonly status = 400;

  constructor(
    readonly field: string,
    readonly why: string,
  ) {
    super(`${field}: ${why}`);
  }

  static isInstance(error: unknown): error is InvalidRouteInputError {
    return hasMarker(error, marker);
  }
}
