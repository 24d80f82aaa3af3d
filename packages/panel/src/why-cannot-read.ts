import type { NeutralRequest } from '@bench/formats';
import type { PanelMember } from './panel-member';

/** What in a request needs a model that sees: images, or documents (PDFs, read as page images), or nothing. */
export type VisualInput = 'images' | 'documents' | undefined;

export function visualInputOf(request: Pick<NeutralRequest, 'messages'>): VisualInput {
  let documents = false;
  for (const message of request.messages) {
    for (const part of message.content) {
      const inner = part.type === 'tool-result' ? part.content : [part];
      for (const p of inner) {
        if (p.type === 'image') return 'images';
        if (p.type === 'file') documents = true;
      }
    }
  }
  return documents ? 'documents' : undefined;
}

/** Why a member cannot read a request of `tokens` estimated input tokens (images or documents without vision, window too small), or undefined. */
export function whyCannotRead(member: PanelMember, visual: VisualInput, tokens: number): string | undefined {
  if (visual !== undefined && member.vision !== true) {
    const what = visual === 'images' ? 'images' : 'documents (PDFs are read as page images)';
    return member.vision === false
      ? `cannot read ${visual} (vision: false) and the request has ${what}`
      : `the request has ${what} and the model does not declare vision (set "vision": true in its config if it reads ${visual})`;
  }
  if (member.contextWindow !== undefined && member.contextWindow < tokens) {
    return `context window ${member.contextWindow} tokens is under the request's estimated ${tokens}`;
  }
  return undefined;
}
