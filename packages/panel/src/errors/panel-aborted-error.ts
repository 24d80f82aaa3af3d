import { PanelError } from './panel-error';

const marker = Symbol.for('bench.panel.PanelAbortedError');

/** The caller went away (or cancelled): every seat and the merger were stopped. 499, as nginx names it. */
export class PanelAbortedError extends PanelError {
  private readonly [marker] = true;
  readonly status = 499;
  protected readonly kind = 'internal' as const;

  constructor(panel: string) {
    super(`panel ${panel} was cancelled by its caller`);
    this.name = 'PanelAbortedError';
  }

  static override isInstance(error: unknown): error is PanelAbortedError {
    return typeof error === 'object' && error !== null && marker in error;
  }
}
