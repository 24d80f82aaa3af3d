import type { Formatted } from '../codec';
import type { NeutralReply } from '../neutral/reply';
import type { Warning } from '../neutral/warning';
import { formatOpenAIChatFinishReason } from './map-openai-chat-finish-reason';
import { formatOpenAIChatUsage } from './map-openai-chat-usage';
import { dropped } from './warn-extra';
import { flatToolName } from '../shared/tool-names';

/** A neutral reply → a chat.completion body; `reply.extra` (the gateway's `bench`) goes on top. */
export function formatOpenAIChatReply(reply: NeutralReply): Formatted<Record<string, unknown>> {
  const warnings: Warning[] = [];
  let text = '';
  let hasText = false;
  let reasoning: string | undefined;
  const calls: Array<Record<string, unknown>> = [];
  reply.content.forEach((part, index) => {
    const path = `content[${index}]`;
    switch (part.type) {
      case 'text':
        text += part.text;
        hasText = true;
        return;
      case 'reasoning':
        if (part.redacted) return dropped(warnings, path, 'redacted (encrypted) reasoning');
        if (part.signature !== undefined) dropped(warnings, `${path}.signature`, 'a reasoning signature');
        // A signature alone (Gemini's on a call) is no readable reasoning: no empty reasoning_content for it.
        if (part.text === '' && part.signature !== undefined) return;
        reasoning = reasoning === undefined ? part.text : `${reasoning}\n${part.text}`;
        return;
      case 'tool-call':
        calls.push({ id: part.id, type: 'function', function: { name: flatToolName(part.name, part.namespace), arguments: part.arguments } });
        return;
      case 'image':
        return dropped(warnings, path, 'an image in a reply');
      default: {
        const unreachable: never = part;
        return unreachable;
      }
    }
  });
  const message: Record<string, unknown> = { role: 'assistant', content: hasText ? text : null, refusal: null };
  if (reasoning !== undefined) message.reasoning_content = reasoning;
  if (calls.length) message.tool_calls = calls;
  const choice: Record<string, unknown> = {
    index: 0,
    message,
    logprobs: null,
    finish_reason: formatOpenAIChatFinishReason(reply.finishReason, reply.rawFinishReason),
  };
  // vLLM's and SGLang's field for the matched stop string (OpenAI's own API has none).
  if (reply.stopSequence !== undefined) choice.stop_reason = reply.stopSequence;
  const body: Record<string, unknown> = {
    id: reply.id,
    object: 'chat.completion',
    created: reply.created ?? Math.floor(Date.now() / 1000),
    model: reply.model,
    choices: [choice],
    ...(reply.usage ? { usage: formatOpenAIChatUsage(reply.usage) } : {}),
    ...reply.extra,
  };
  return { value: body, warnings };
}
