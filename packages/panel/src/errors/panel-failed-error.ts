import type { PanelBench } from '../panel-bench';
import { PanelError } from './panel-error';

const marker = Symbol.for('bench.panel.PanelFailedError');

/** Every seat failed, so there is no answer: 502, naming each seat's reason. Carries the `bench` object. */
export class PanelFailedError extends PanelError {
  private readonly [marker] = true;
  readonly status = 502;
  protected readonly kind = 'upstream' as const;
  readonly bench: PanelBench;

  constructor(bench: PanelBench) {
    const reasons = bench.seats.map((s) => `${s.alias} (${s.call}): ${s.error ?? s.status}`).join('; ');
    super(`every seat of panel ${bench.panel} failed: ${reasons}`);
    this.name = 'PanelFailedError';
    this.bench = bench;
  }

  static override isInstance(error: unknown): error is PanelFailedError {
    return typeof error === 'object' && error !== null && marker in error;
  }
}
