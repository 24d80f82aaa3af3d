import type { Member } from './member';

/** An output budget cut to what the member can write. */
export interface OutputCut {
  requested: number;
  allowed: number;
  why: 'max-output' | 'context-window';
}

/** The cut for a member when the request asks for more output than it can write, else undefined. */
export function cutOutput(member: Member, requested: number | undefined, estimatedInputTokens: number): OutputCut | undefined {
  if (requested === undefined) return undefined;
  const room = member.contextWindow - estimatedInputTokens;
  const allowed = Math.min(member.maxOutput, room);
  if (requested <= allowed) return undefined;
  return { requested, allowed, why: room < member.maxOutput ? 'context-window' : 'max-output' };
}
