import type { Message, NeutralRequest } from '@bench/formats';

/** What the router needs to know about a request, gathered in one pass over its messages. */
export interface RequestProfile {
  needsTools: boolean;
  hasImages: boolean;
  /** Assistant messages in the request: the turns already taken. */
  assistantTurns: number;
  firstUser: Message | undefined;
}

export function profileRequest(request: NeutralRequest): RequestProfile {
  let needsTools = (request.tools?.length ?? 0) > 0;
  let hasImages = false;
  let assistantTurns = 0;
  let firstUser: Message | undefined;
  for (const message of request.messages) {
    if (message.role === 'assistant') assistantTurns += 1;
    else if (message.role === 'user' && firstUser === undefined) firstUser = message;
    for (const part of message.content) {
      if (part.type === 'image') hasImages = true;
      else if (part.type === 'tool-call') needsTools = true;
      else if (part.type === 'tool-result') {
        needsTools = true;
        if (part.content.some((inner) => inner.type === 'image')) hasImages = true;
      }
    }
  }
  return { needsTools, hasImages, assistantTurns, firstUser };
}
