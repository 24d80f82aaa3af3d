const marker = Symbol.for('bench.client.InvalidTargetError');

/** A model target the client cannot call (a programming or config error): names the field and why. */
export class InvalidTargetError extends TypeError {
  private readonly [marker] = true;
  /** `candidates[1].baseURL` */
  readonly field: string;

  constructor(field: string, why: string) {
    super(`${field}: ${why}`);
    this.name = 'InvalidTargetError';
    this.field = field;
  }

  static isInstance(error: unknown): error is InvalidTargetError {
    return typeof error === 'object' && error !== null && marker in error;
  }
}
