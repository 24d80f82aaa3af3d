import { BenchError, type NeutralError } from '@bench/contracts';
import type { SkippedMember } from '../skipped-member';
import { describeSkipped } from './describe-skipped';
import { hasMarker } from './has-marker';

const marker = Symbol.for('bench.router.no-eligible-member-error');

/** Every member is excluded for a reason other than size (tools, images, retired…): a 400. */
export class NoEligibleMemberError extends BenchError {
  private readonly [marker] = true;
  override readonly name = 'NoEligibleMemberError';
  readonly status = 400;

  constructor(
    readonly collection: string,
    readonly skipped: readonly SkippedMember[],
  ) {
    super(`no member of collection "${collection}" can take this request: ${describeSkipped(skipped)}`);
  }

  toNeutral(): NeutralError {
    return { kind: 'invalid-request', status: 400, message: this.message };
  }

  static override isInstance(error: unknown): error is NoEligibleMemberError {
    return hasMarker(error, marker);
  }
}
