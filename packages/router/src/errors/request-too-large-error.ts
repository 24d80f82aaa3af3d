import { BenchError, type NeutralError } from '@bench/contracts';
import type { SkippedMember } from '../skipped-member';
import { describeSkipped } from './describe-skipped';
import { hasMarker } from './has-marker';

const marker = Symbol.for('bench.router.request-too-large-error');

/** No member's context window fits the request (a 413). */
export class RequestTooLargeError extends BenchError {
  private readonly [marker] = true;
  override readonly name = 'RequestTooLargeError';
  readonly status = 413;

  constructor(
    readonly collection: string,
    readonly estimatedInputTokens: number,
    readonly skipped: readonly SkippedMember[],
  ) {
    super(
      `no member of collection "${collection}" has a context window for this request ` +
        `(about ${estimatedInputTokens} input tokens): ${describeSkipped(skipped)}. ` +
        'Shorten the conversation or add a member with a larger window.',
    );
  }

  toNeutral(): NeutralError {
    return { kind: 'request-too-large', status: 413, message: this.message };
  }

  static override isInstance(error: unknown): error is RequestTooLargeError {
    return hasMarker(error, marker);
  }
}
