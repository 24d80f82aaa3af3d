import type { NeutralRequest } from '@bench/formats';

/** What the member is asked at the end of the conversation, in place of its next turn. */
export const COMPACTION_PROMPT = [
  'Your context is about to be compacted: everything above will be replaced by what you write now.',
  'Write a handoff summary for the model that carries this conversation on: the task, and the goals and preferences the user gave;',
  'what has been done so far and the decisions made, with the files, commands and results that matter;',
  'what is still to do, as concrete next steps; and anything else needed to go on without the earlier messages.',
  'Write only the summary. Do not call any tool.',
].join(' ');

/**
 * The request that compacts a conversation: the conversation as sent, then
 * the compaction prompt as the user's; its tools stay declared (a history of
 * tool calls needs them, for Anthropic) but none may be called; not streamed.
 */
export function compactionRequest(request: NeutralRequest): NeutralRequest {
  const compacting: NeutralRequest = {
    ...request,
    messages: [...request.messages, { role: 'user', content: [{ type: 'text', text: COMPACTION_PROMPT }] }],
    stream: false,
  };
  delete compacting.streamUsage;
  delete compacting.parallelToolCalls;
  if (request.tools?.length) compacting.toolChoice = { type: 'none' };
  return compacting;
}
