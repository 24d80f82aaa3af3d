import type { Warning } from '@bench/formats';
import type { ModelTarget } from '../../model-target';
import type { Vendor } from '../registry';

type Wire = Record<string, unknown>;

/**
 * DeepSeek and Moonshot (Kimi) in thinking mode (their default) refuse a
 * conversation with an assistant message that comes without
 * `reasoning_content` once tools were called ("Missing `reasoning_content`
 * field in the assistant message", "thinking is enabled but reasoning_content
 * is missing in assistant tool call message"): a step another member answered
 * before a failover, or one whose reasoning the caller did not send back and
 * the gateway did not keep. Such a message gets an empty `reasoning_content`,
 * which both take; the reasoning itself is gone, and the warning says for how
 * many tool steps. A rule of DeepSeek's and Moonshot's (see ../deepseek.ts,
 * ../moonshot.ts).
 */
export function fillReasoningContent(target: ModelTarget, _vendor: Vendor, body: Wire, warnings: Warning[]): void {
  if (target.api !== 'openai-chat' || target.reasoning === false) return;
  if ((body.thinking as Wire | undefined)?.type === 'disabled') return;
  const messages = body.messages;
  if (!Array.isArray(messages)) return;
  let steps = 0;
  for (const message of messages as Wire[]) {
    if (message.role !== 'assistant' || typeof message.reasoning_content === 'string') continue;
    message.reasoning_content = '';
    if (Array.isArray(message.tool_calls) && message.tool_calls.length > 0) steps += 1;
  }
  if (steps > 0) {
    warnings.push({
      code: 'dropped',
      path: 'messages',
      message: `${steps} tool step(s) reached ${target.alias} without their reasoning (written by another member, or not sent back): sent with an empty reasoning_content, as its thinking mode requires`,
    });
  }
}
