import { PanelError } from './panel-error';

const marker = Symbol.for('bench.panel.PanelToolsError');

/** A panel was asked with tools, tool calls or tool results: 400, checked before any seat is called. */
export class PanelToolsError extends PanelError {
  private readonly [marker] = true;
  readonly status = 400;
  protected readonly kind = 'invalid-request' as const;
  /** Where the request has them (`tools`, `messages[2].content[0]`). */
  readonly field: string;

  constructor(field: string, collection: string) {
    super(
      `${field}: a panel (bench/${collection}:all or :merged) cannot take tools, tool calls or tool results; ` +
        `call bench/${collection}:route for agent and tool use`,
    );
    this.name = 'PanelToolsError';
    this.field = field;
  }

  override toNeutral() {
    return { ...super.toNeutral(), param: this.field };
  }

  static override isInstance(error: unknown): error is PanelToolsError {
    return typeof error === 'object' && error !== null && marker in error;
  }
}
