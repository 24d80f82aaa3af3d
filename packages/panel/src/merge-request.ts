import type { Message, NeutralRequest, TextPart } from '@bench/formats';

/** The merger's fixed system prompt (the caller's own system prompt follows it). */
export const MERGE_SYSTEM_PROMPT = [
  "You write the final answer to the user's last message.",
  'Several independent drafts of an answer are given after the message, between <draft> tags.',
  'Synthesise them into one answer that is better than any single draft: keep what is correct and useful in each,',
  'drop repetition, and fill gaps from your own knowledge.',
  'Where the drafts disagree, work out which is right and answer that way; if it cannot be settled, say briefly what is uncertain.',
  'Do not trust a claim just because several drafts make it, and correct errors you find.',
  'Answer directly, in the language, format and length the user asked for, as if you wrote it alone:',
  'do not mention the drafts, other assistants, a panel or a merge unless the user asks about them.',
].join(' ');

/**
 * The merge request: the caller's conversation, with the drafts appended to its
 * last user message, under the merge system prompt. Sampling fields are kept.
 */
export function buildMergeRequest(request: NeutralRequest, answers: readonly string[]): NeutralRequest {
  const drafts = answers.map((answer, i) => `<draft n="${i + 1}">\n${answer}\n</draft>`).join('\n\n');
  const note: TextPart = { type: 'text', text: `\n\n---\nDrafts of an answer to the message above:\n\n${drafts}` };
  const lastUser = request.messages.findLastIndex((m) => m.role === 'user');
  const messages: Message[] = request.messages.map((m, i) => (i === lastUser && m.role === 'user' ? { ...m, content: [...m.content, note] } : m));
  if (lastUser < 0) messages.push({ role: 'user', content: [note] });
  return { ...request, system: [{ type: 'text', text: MERGE_SYSTEM_PROMPT }, ...request.system], messages, stream: true };
}
