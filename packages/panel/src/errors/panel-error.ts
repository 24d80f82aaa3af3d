import { BenchError } from '@bench/contracts';
import type { ErrorKind, NeutralError } from '@bench/formats';

const marker = Symbol.for('bench.panel.PanelError');

/** Base of every error the panel throws or reports: each carries the HTTP status a gateway answers with. */
export abstract class PanelError extends BenchError {
  private readonly [marker] = true;
  abstract readonly status: number;
  protected abstract readonly kind: ErrorKind;

  /** This error as a neutral error, for a protocol's error body or an `error` stream event. */
  override toNeutral(): NeutralError {
    return { kind: this.kind, status: this.status, message: this.message };
  }

  static override isInstance(error: unknown): error is PanelError {
    return typeof error === 'object' && error !== null && marker in error;
  }
}
