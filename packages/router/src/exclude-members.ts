import type { Member } from './member';
import type { RequestProfile } from './request-profile';
import type { SkippedMember } from './skipped-member';

export interface Exclusions {
  eligible: Member[];
  skipped: SkippedMember[];
}

/** Splits members into those that can take the request and those skipped, each with its reason. */
export function excludeMembers(
  members: readonly Member[],
  profile: Pick<RequestProfile, 'needsTools' | 'hasImages' | 'hasDocuments'>,
  estimatedInputTokens: number,
): Exclusions {
  const eligible: Member[] = [];
  const skipped: SkippedMember[] = [];
  for (const member of members) {
    const reason = skipReason(member, profile, estimatedInputTokens);
    if (reason === undefined) eligible.push(member);
    else skipped.push(reason);
  }
  return { eligible, skipped };
}

/** The first reason the member may not take the request; size is checked last. */
export function skipReason(
  member: Member,
  profile: Pick<RequestProfile, 'needsTools' | 'hasImages' | 'hasDocuments'>,
  estimatedInputTokens: number,
): SkippedMember | undefined {
  const { alias } = member;
  if (member.retired) {
    return { alias, reason: 'retired', why: `retired on ${member.retired.at}: ${member.retired.why}` };
  }
  if (member.adHoc) return { alias, reason: 'ad-hoc', why: 'ad hoc: never picked automatically, call it by its alias' };
  const visual = visualInput(profile);
  if (member.role === 'vision' && visual === undefined) {
    return { alias, reason: 'vision-specialist', why: 'a vision specialist, and the request has no images or documents' };
  }
  if (profile.needsTools && member.tools !== true) {
    return member.tools === false
      ? { alias, reason: 'no-tools', why: 'no tool calling, and the request has tools' }
      : unknownCapability(alias, 'tools', 'tool calling');
  }
  if (visual !== undefined && member.vision !== true) {
    return member.vision === false
      ? { alias, reason: 'no-vision', why: `no vision, and the request has ${visual}` }
      : unknownCapability(alias, 'vision', visual === 'images' ? 'image input' : 'document (PDF) input');
  }
  if (profile.hasDocuments && member.documents === false) {
    return { alias, reason: 'no-documents', why: 'cannot be sent documents (its protocol carries none), and the request has documents' };
  }
  if (estimatedInputTokens >= member.contextWindow) {
    return {
      alias,
      reason: 'context-window',
      why: `context window ${member.contextWindow} tokens, the request is about ${estimatedInputTokens}`,
    };
  }
  return undefined;
}

/** What in the request needs a model that sees: images, or documents (read as page images), or nothing. */
function visualInput(profile: Pick<RequestProfile, 'hasImages' | 'hasDocuments'>): string | undefined {
  if (profile.hasImages) return 'images';
  if (profile.hasDocuments) return 'documents (PDFs are read as page images)';
  return undefined;
}

function unknownCapability(alias: string, field: 'tools' | 'vision', what: string): SkippedMember {
  return {
    alias,
    reason: 'unknown-capability',
    why: `unknown capability: set "${field}": true on models.${alias} if it supports ${what}`,
  };
}
