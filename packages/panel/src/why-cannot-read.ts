import type { NeutralRequest } from '@bench/formats';
import type { PanelMember } from './panel-member';

export function hasImages(request: Pick<NeutralRequest, 'messages'>): boolean {
  return request.messages.some((m) =>
    m.content.some((p) => p.type === 'image' || (p.type === 'tool-result' && p.content.some((c) => c.type === 'image'))),
  );
}

/** Why a member cannot read a request of `tokens` estimated input tokens (images without vision, window too small), or undefined. */
export function whyCannotRead(member: PanelMember, images: boolean, tokens: number): string | undefined {
  if (images && member.vision !== true) {
    return member.vision === false
      ? 'cannot read images (vision: false) and the request has images'
      : 'the request has images and the model does not declare vision (set "vision": true in its config if it reads images)';
  }
  if (member.contextWindow !== undefined && member.contextWindow < tokens) {
    return `context window ${member.contextWindow} tokens is under the request's estimated ${tokens}`;
  }
  return undefined;
}
