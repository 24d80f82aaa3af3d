import type { Warning } from '@bench/formats';
import type { ModelTarget } from '../../model-target';
import type { Vendor } from '../registry';

/**
 * Servers that have no `reasoning_content` on an assistant message, and so
 * refuse it or would only ignore it: OpenAI's own (its reasoning models never
 * return their reasoning as text), Groq's and Cerebras's ("property
 * 'reasoning_content' is unsupported"). The reasoning there is another model's
 * (a DeepSeek or Qwen member's before a failover, kept through tool steps, or
 * a caller's); it is left out, with a warning. A rule of OpenAI's, Groq's and
 * Cerebras's (see ../openai.ts, ../groq.ts, ../cerebras.ts).
 */
export function leaveOutRefusedReasoningContent(target: ModelTarget, _vendor: Vendor, body: Record<string, unknown>, warnings: Warning[]): void {
  if (target.api !== 'openai-chat') return;
  const messages = body.messages;
  if (!Array.isArray(messages)) return;
  let left = 0;
  for (const message of messages as Array<Record<string, unknown>>) {
    if (message.role !== 'assistant' || !('reasoning_content' in message)) continue;
    delete message.reasoning_content;
    left += 1;
  }
  if (left > 0)
    warnings.push({ code: 'dropped', path: 'messages', message: `reasoning_content left out of ${left} message(s): ${target.alias}'s API has no such field` });
}
