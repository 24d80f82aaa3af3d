import type { SkippedMember } from '../skipped-member';

export function describeSkipped(skipped: readonly SkippedMember[]): string {
  return skipped.map((member) => `${member.alias}: ${member.why}`).join('; ');
}
