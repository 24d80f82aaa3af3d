import { InvalidReplyError } from '../errors/invalid-reply-error';
import type { AssistantContentPart } from '../neutral/content';
import type { NeutralReply } from '../neutral/reply';
import { replySchema } from './anthropic-api';
import { restOf } from './extra-fields';
import { finishReasonFromAnthropic } from './map-anthropic-finish-reason';
import { usageFromAnthropic } from './map-anthropic-usage';

const MAPPED = ['id', 'type', 'role', 'model', 'content', 'stop_reason', 'stop_sequence', 'usage'];

/** An upstream's whole Messages reply → neutral (lenient: only what is used; null fields are not kept). */
export function parseAnthropicReply(body: unknown): NeutralReply {
  const result = replySchema.safeParse(body);
  if (!result.success)
    throw new InvalidReplyError(`not an Anthropic Messages reply: ${result.error.issues[0]?.message ?? 'invalid'}`, { body, cause: result.error });
  const reply = result.data;
  const content: AssistantContentPart[] = [];
  for (const block of reply.content) {
    switch (block.type) {
      case 'text':
        content.push({ type: 'text', text: block.text ?? '' });
        break;
      case 'thinking':
        content.push(
          block.signature
            ? { type: 'reasoning', text: block.thinking ?? '', signature: block.signature, signatureFrom: 'anthropic' }
            : { type: 'reasoning', text: block.thinking ?? '' },
        );
        break;
      case 'redacted_thinking':
        content.push({ type: 'reasoning', text: '', signature: block.data ?? '', signatureFrom: 'anthropic', redacted: true });
        break;
      case 'tool_use':
        content.push({ type: 'tool-call', id: block.id ?? `call_${content.length}`, name: block.name ?? '', arguments: JSON.stringify(block.input ?? {}) });
        break;
      default:
        // server tool blocks (server_tool_use, web_search_tool_result, …) are the provider's own business
        break;
    }
  }
  const out: NeutralReply = {
    id: reply.id ?? '',
    model: reply.model ?? '',
    content,
    finishReason: finishReasonFromAnthropic(reply.stop_reason),
  };
  if (reply.stop_reason) out.rawFinishReason = reply.stop_reason;
  if (typeof reply.stop_sequence === 'string') out.stopSequence = reply.stop_sequence;
  const usage = usageFromAnthropic(reply.usage);
  if (usage) out.usage = usage;
  const rest = restOf(reply, MAPPED);
  if (rest) {
    for (const key of Object.keys(rest)) if (rest[key] === null) delete rest[key];
    if (Object.keys(rest).length > 0) out.extra = rest;
  }
  return out;
}
