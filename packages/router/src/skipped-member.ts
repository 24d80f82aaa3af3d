/** Why a member may not take a request. */
export type SkipReason = 'retired' | 'ad-hoc' | 'vision-specialist' | 'no-tools' | 'no-vision' | 'no-documents' | 'unknown-capability' | 'context-window';

/** A member left out of a turn, with the reason in words (`why`) and as a code. */
export interface SkippedMember {
  alias: string;
  reason: SkipReason;
  why: string;
}
