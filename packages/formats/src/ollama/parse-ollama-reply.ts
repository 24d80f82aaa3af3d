import { InvalidReplyError } from '../errors/invalid-reply-error';
import type { AssistantContentPart } from '../neutral/content';
import type { NeutralReply } from '../neutral/reply';
import { MAPPED_REPLY_KEYS, ollamaReplySchema, type OllamaReply } from './ollama-api';
import { mapOllamaFinishReason } from './map-ollama-finish-reason';
import { mapOllamaUsage } from './map-ollama-usage';
import { imagePart } from './parse-ollama-messages';
import { argumentsToJSON } from './tool-call-arguments';

/** An upstream's whole /api/chat or /api/generate reply → neutral (lenient). */
export function parseOllamaReply(body: unknown): NeutralReply {
  const result = ollamaReplySchema.safeParse(body);
  if (!result.success) throw new InvalidReplyError(`not an Ollama reply: ${result.error.message}`, { body, cause: result.error });
  const reply = result.data;
  if (!reply.message && reply.response == null && reply.done == null) {
    throw new InvalidReplyError('not an Ollama reply: no message, response or done', { body });
  }
  const content = replyContent(reply, { count: 0 });
  const sawToolCalls = content.some((part) => part.type === 'tool-call');
  const neutral: NeutralReply = {
    id: replyId(reply),
    model: reply.model ?? '',
    content,
    finishReason: mapOllamaFinishReason(reply.done_reason, sawToolCalls),
  };
  const created = createdSeconds(reply.created_at);
  if (created !== undefined) neutral.created = created;
  if (reply.done_reason != null) neutral.rawFinishReason = reply.done_reason;
  const usage = mapOllamaUsage(reply.prompt_eval_count, reply.eval_count);
  if (usage) neutral.usage = usage;
  const extra = unmappedFields(reply);
  if (extra) neutral.extra = extra;
  return neutral;
}

/** The content of a reply or of one stream line: thinking, text, images, tool calls (`call_<n>` when unnamed). */
export function replyContent(reply: OllamaReply, toolCalls: { count: number }): AssistantContentPart[] {
  const content: AssistantContentPart[] = [];
  const thinking = reply.message?.thinking ?? reply.thinking;
  if (thinking) content.push({ type: 'reasoning', text: thinking });
  const text = reply.message?.content ?? reply.response;
  if (text) content.push({ type: 'text', text });
  for (const image of reply.message?.images ?? []) content.push(imagePart(image));
  for (const call of reply.message?.tool_calls ?? []) {
    toolCalls.count++;
    content.push({
      type: 'tool-call',
      id: call.id ?? `call_${toolCalls.count}`,
      name: call.function.name,
      arguments: argumentsToJSON(call.function.arguments),
    });
  }
  return content;
}

/** Unix seconds of Ollama's ISO `created_at`, or undefined. */
export function createdSeconds(createdAt: string | null | undefined): number | undefined {
  if (!createdAt) return undefined;
  const ms = Date.parse(createdAt);
  return Number.isNaN(ms) ? undefined : Math.floor(ms / 1000);
}

/** Every top-level field the codec does not map (durations, context, logprobs, …). */
export function unmappedFields(reply: Record<string, unknown>): Record<string, unknown> | undefined {
  let out: Record<string, unknown> | undefined;
  for (const key in reply) {
    if (MAPPED_REPLY_KEYS.has(key) || reply[key] === undefined) continue;
    (out ??= {})[key] = reply[key];
  }
  return out;
}

/** Ollama replies carry no id: one is made from the model and creation time. */
function replyId(reply: OllamaReply): string {
  return `ollama-${reply.created_at ?? 'reply'}`;
}
