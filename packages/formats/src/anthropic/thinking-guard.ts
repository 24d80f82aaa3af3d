import type { Warning } from '../neutral/warning';
import { isRecord } from './extra-fields';

type Wire = Record<string, unknown>;

/**
 * With extended thinking on (`type: "enabled"`), Anthropic refuses a request
 * whose last assistant message calls tools without starting with a thinking
 * block ("a final assistant message must start with a thinking block").
 * Translated from another protocol, that turn's thinking cannot be there: the
 * client's protocol has no place for Anthropic's signatures (OpenAI Chat,
 * Ollama), or it was another provider's and was dropped. Such a request goes
 * without thinking, with a warning, rather than failing; the next turn that is
 * not a tool step has it again. (Adaptive thinking may skip a turn, so a turn
 * without a thinking block is fine there: Claude Code sends exactly that.)
 * Thinking is also off when the tool choice forces a call (`any` or a named
 * tool), which Anthropic refuses with thinking of any kind.
 */
export function dropThinkingAnthropicWouldRefuse(body: Wire, warnings: Warning[]): void {
  const thinking = body.thinking;
  if (!isRecord(thinking) || thinking.type === 'disabled') return;
  const choice = isRecord(body.tool_choice) ? body.tool_choice.type : undefined;
  if (choice === 'any' || choice === 'tool') {
    delete body.thinking;
    warnings.push({ code: 'dropped', path: 'reasoning', message: 'thinking off: Anthropic refuses thinking when the tool choice forces a tool call' });
    return;
  }
  if (thinking.type !== 'enabled') return;
  const messages = body.messages as Wire[];
  let last: Wire | undefined;
  for (let i = messages.length - 1; i >= 0 && !last; i -= 1) if (messages[i]?.role === 'assistant') last = messages[i];
  if (!last || !Array.isArray(last.content)) return;
  const blocks = last.content as Wire[];
  if (!blocks.some((block) => block.type === 'tool_use')) return;
  const first = blocks[0]?.type;
  if (first === 'thinking' || first === 'redacted_thinking') return;
  delete body.thinking;
  warnings.push({
    code: 'dropped',
    path: 'reasoning',
    message:
      "thinking off for this tool step: the last assistant turn called tools without the thinking Anthropic requires back (it was not Anthropic's, or the client could not keep it)",
  });
}

/**
 * With thinking on, Anthropic refuses a temperature other than 1, any top_k,
 * and a top_p under 0.95. A client of another protocol sets them for its own
 * models (Gemini CLI sends temperature 1, topP 0.95, topK 64 with its
 * thinking): those the thinking request cannot have are left out, with a warning.
 */
export function dropSamplingThinkingRefuses(body: Wire, warnings: Warning[]): void {
  if (!isRecord(body.thinking) || body.thinking.type === 'disabled') return;
  const drop = (key: string, path: string, why: string) => {
    delete body[key];
    warnings.push({ code: 'dropped', path, message: `${why}: Anthropic takes none with thinking on` });
  };
  if (body.temperature !== undefined && body.temperature !== 1) drop('temperature', 'temperature', `temperature ${String(body.temperature)}`);
  if (body.top_k !== undefined) drop('top_k', 'topK', 'top_k');
  if (typeof body.top_p === 'number' && body.top_p < 0.95) drop('top_p', 'topP', `top_p ${body.top_p} (under 0.95)`);
}
