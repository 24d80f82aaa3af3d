import type { Message, NeutralRequest } from '@bench/formats';

/** What the router needs to know about a request, gathered in one pass over its messages. */
export interface RequestProfile {
  needsTools: boolean;
  hasImages: boolean;
  /** Documents (PDFs): providers read them as page images, so they need a model with vision. */
  hasDocuments: boolean;
  /** Assistant messages in the request: the turns already taken. */
  assistantTurns: number;
  firstUser: Message | undefined;
}

export function profileRequest(request: NeutralRequest): RequestProfile {
  let needsTools = (request.tools?.length ?? 0) > 0;
  let hasImages = false;
  let hasDocuments = false;
  let assistantTurns = 0;
  let firstUser: Message | undefined;
  for (const message of request.messages) {
    if (message.role === 'assistant') assistantTurns += 1;
    else if (message.role === 'user' && firstUser === undefined) firstUser = message;
    for (const part of message.content) {
      if (part.type === 'image') hasImages = true;
      else if (part.type === 'file') hasDocuments = true;
      else if (part.type === 'tool-call') needsTools = true;
      else if (part.type === 'tool-result') {
        needsTools = true;
        for (const inner of part.content) {
          if (inner.type === 'image') hasImages = true;
          else if (inner.type === 'file') hasDocuments = true;
        }
      }
    }
  }
  return { needsTools, hasImages, hasDocuments, assistantTurns, firstUser };
}
