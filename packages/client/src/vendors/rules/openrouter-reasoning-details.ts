import { reasoningDetailsText, type Warning } from '@bench/formats';
import type { ModelTarget } from '../../model-target';
import type { Vendor } from '../registry';

type Wire = Record<string, unknown>;

/**
 * OpenRouter's `reasoning_details` (see @bench/formats) go only to the APIs
 * that read them, OpenRouter's and MiniMax's (which writes them too, with
 * `reasoning_split`): a conversation that moved from such a member to another
 * OpenAI Chat server would otherwise send it a field it does not know. The
 * reasoning's text stays, as `reasoning_content`; its signatures do not.
 * OpenRouter's `elsewhere` rule, which MiniMax's `alsoReads` skips (see
 * ../openrouter.ts, ../minimax.ts).
 */
export function leaveOutOpenRouterDetails(target: ModelTarget, _vendor: Vendor, body: Wire, warnings: Warning[]): void {
  if (target.api !== 'openai-chat') return;
  const messages = body.messages;
  if (!Array.isArray(messages)) return;
  let left = 0;
  let kept = 0;
  for (const message of messages as Wire[]) {
    if (message.role !== 'assistant' || !('reasoning_details' in message)) continue;
    const details = message.reasoning_details;
    delete message.reasoning_details;
    left += 1;
    const text = Array.isArray(details) ? reasoningDetailsText(details as Wire[]) : '';
    if (text === '' || typeof message.reasoning_content === 'string') continue;
    message.reasoning_content = text;
    kept += 1;
  }
  if (left > 0) {
    const text = kept > 0 ? `; the text of ${kept} went as reasoning_content` : '';
    warnings.push({
      code: 'dropped',
      path: 'messages',
      message: `reasoning_details (OpenRouter's reasoning signatures) left out of ${left} message(s): only OpenRouter and MiniMax read them, and ${target.alias} is neither${text}`,
    });
  }
}
