import { protocolCarriesFiles, type NeutralRequest } from '@bench/formats';
import type { PanelMember } from './panel-member';

/** What in a request a text-only model cannot read: images, and documents (PDFs, read as page images). */
export interface VisualNeeds {
  images: boolean;
  documents: boolean;
}

export function visualNeedsOf(request: Pick<NeutralRequest, 'messages'>): VisualNeeds {
  const needs: VisualNeeds = { images: false, documents: false };
  for (const message of request.messages) {
    for (const part of message.content) {
      for (const p of part.type === 'tool-result' ? part.content : [part]) {
        if (p.type === 'image') needs.images = true;
        else if (p.type === 'file') needs.documents = true;
      }
    }
  }
  return needs;
}

/** Why a member cannot read a request of `tokens` estimated input tokens (images or documents it cannot take, window too small), or undefined. */
export function whyCannotRead(member: PanelMember, needs: VisualNeeds, tokens: number): string | undefined {
  const visual = needs.images ? 'images' : needs.documents ? 'documents' : undefined;
  if (visual !== undefined && member.vision !== true) {
    const what = visual === 'images' ? 'images' : 'documents (PDFs are read as page images)';
    return member.vision === false
      ? `cannot read ${visual} (vision: false) and the request has ${what}`
      : `the request has ${what} and the model does not declare vision (set "vision": true in its config if it reads ${visual})`;
  }
  if (needs.documents && !protocolCarriesFiles(member.target.api)) {
    return `cannot be sent documents (the ${member.target.api} protocol carries none) and the request has documents`;
  }
  if (member.contextWindow !== undefined && member.contextWindow < tokens) {
    return `context window ${member.contextWindow} tokens is under the request's estimated ${tokens}`;
  }
  return undefined;
}
