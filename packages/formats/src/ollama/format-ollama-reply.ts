import type { FormatReplyOptions, Formatted } from '../codec';
import type { NeutralReply } from '../neutral/reply';
import type { Warning } from '../neutral/warning';
import { formatToolCall, imageData } from './format-ollama-parts';
import { toOllamaDoneReason } from './map-ollama-finish-reason';
import { toOllamaCounts } from './map-ollama-usage';
import { wireFields } from './rest-of';

/** A neutral reply → an /api/chat (default) or /api/generate reply body; `reply.extra` goes on top. */
export function formatOllamaReply(reply: NeutralReply, options?: FormatReplyOptions): Formatted<Record<string, unknown>> {
  const warnings: Warning[] = [];
  const generate = options?.endpoint === 'generate';
  const texts: string[] = [];
  const thinking: string[] = [];
  const images: string[] = [];
  const calls: Array<Record<string, unknown>> = [];
  reply.content.forEach((part, i) => {
    const path = `content[${i}]`;
    switch (part.type) {
      case 'text':
        texts.push(part.text);
        return;
      case 'reasoning':
        if (part.redacted) {
          warnings.push({ code: 'dropped', path, message: 'Ollama cannot show encrypted (redacted) reasoning' });
          return;
        }
        if (part.signature !== undefined) {
          warnings.push({ code: 'dropped', path: `${path}.signature`, message: 'Ollama has no reasoning signature' });
        }
        thinking.push(part.text);
        return;
      case 'image': {
        if (generate) {
          warnings.push({ code: 'dropped', path, message: '/api/generate replies carry no images' });
          return;
        }
        const data = imageData(part, path, warnings);
        if (data !== undefined) images.push(data);
        return;
      }
      case 'tool-call': {
        if (generate) {
          warnings.push({ code: 'dropped', path, message: '/api/generate replies carry no tool calls' });
          return;
        }
        const call = formatToolCall(part, false, path, warnings);
        (call.function as Record<string, unknown>).index = calls.length;
        calls.push(call);
        return;
      }
      default: {
        const unreachable: never = part;
        return unreachable;
      }
    }
  });

  const body: Record<string, unknown> = {
    model: reply.model,
    created_at: new Date(reply.created !== undefined ? reply.created * 1000 : Date.now()).toISOString(),
  };
  const thought = thinking.join('');
  if (generate) {
    body.response = texts.join('');
    if (thought) body.thinking = thought;
  } else {
    const message: Record<string, unknown> = { role: 'assistant', content: texts.join('') };
    if (thought) message.thinking = thought;
    if (images.length > 0) message.images = images;
    if (calls.length > 0) message.tool_calls = calls;
    body.message = message;
  }
  body.done = true;
  body.done_reason = toOllamaDoneReason(reply.finishReason, reply.rawFinishReason);
  Object.assign(body, toOllamaCounts(reply.usage));
  if (reply.usage?.reasoningTokens !== undefined || reply.usage?.cachedInputTokens !== undefined) {
    warnings.push({ code: 'dropped', path: 'usage', message: 'Ollama reports no reasoning or cached token counts' });
  }
  Object.assign(body, wireFields(reply.extra));
  return { value: body, warnings };
}
