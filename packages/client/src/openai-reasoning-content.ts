import type { Warning } from '@bench/formats';

/**
 * OpenAI's Chat Completions API has no `reasoning_content` (its reasoning
 * models never return their reasoning as text), so reasoning there is always
 * another model's: a DeepSeek or Qwen member's before a failover, or a
 * caller's. Strict servers refuse such a field ("property
 * 'messages.2.assistant.reasoning_content' is unsupported") and OpenAI's own
 * would only ignore it: for OpenAI's API (the caller checks the host) it is
 * left out, with a warning.
 */
export function leaveOutOpenAIReasoningContent(body: Record<string, unknown>, warnings: Warning[]): void {
  const messages = body.messages;
  if (!Array.isArray(messages)) return;
  let left = 0;
  for (const message of messages as Array<Record<string, unknown>>) {
    if (message.role !== 'assistant' || !('reasoning_content' in message)) continue;
    delete message.reasoning_content;
    left += 1;
  }
  if (left > 0) warnings.push({ code: 'dropped', path: 'messages', message: `reasoning_content left out of ${left} message(s): OpenAI's Chat Completions API has no such field` });
}
