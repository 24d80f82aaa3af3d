import type { ErrorKind } from '@bench/formats';
import { PanelError } from './panel-error';

const marker = Symbol.for('bench.panel.PanelInputError');

/** Bad panel input (`bench.reply`, `bench.with`, the panel id, …): names the field and why. 400, or 404 for a name. */
export class PanelInputError extends PanelError {
  private readonly [marker] = true;
  readonly status: 400 | 404;
  protected readonly kind: ErrorKind;
  /** The field at fault (`bench.reply`, `bench.with[1]`). */
  readonly field: string;

  constructor(field: string, why: string, status: 400 | 404 = 400) {
    super(`${field}: ${why}`);
    this.name = 'PanelInputError';
    this.field = field;
    this.status = status;
    this.kind = status === 404 ? 'not-found' : 'invalid-request';
  }

  override toNeutral() {
    return { ...super.toNeutral(), param: this.field };
  }

  static override isInstance(error: unknown): error is PanelInputError {
    return typeof error === 'object' && error !== null && marker in error;
  }
}
