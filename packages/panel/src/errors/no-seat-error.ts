import type { SkippedMember } from '../panel-bench';
import { PanelError } from './panel-error';

const marker = Symbol.for('bench.panel.NoSeatError');

/** No member can take the request: 413 when every one was too small for it, else 400; names each reason. */
export class NoSeatError extends PanelError {
  private readonly [marker] = true;
  readonly status: 400 | 413;
  protected readonly kind: 'invalid-request' | 'request-too-large';
  readonly skipped: readonly SkippedMember[];

  constructor(collection: string, skipped: readonly SkippedMember[], allTooSmall: boolean) {
    const reasons = skipped.map((s) => `${s.alias}: ${s.why}`).join('; ');
    super(`no member of collection "${collection}" can take this request (${reasons || 'it has no members'})`);
    this.name = 'NoSeatError';
    this.skipped = skipped;
    this.status = allTooSmall ? 413 : 400;
    this.kind = allTooSmall ? 'request-too-large' : 'invalid-request';
  }

  static override isInstance(error: unknown): error is NoSeatError {
    return typeof error === 'object' && error !== null && marker in error;
  }
}
