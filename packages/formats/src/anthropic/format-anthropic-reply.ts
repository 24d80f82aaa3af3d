import type { Formatted } from '../codec';
import type { NeutralReply } from '../neutral/reply';
import type { Warning } from '../neutral/warning';
import { replyToolInput } from '../shared/reply-tool-input';
import { signatureFor } from '../shared/signature-provenance';
import { stopToAnthropic } from './map-anthropic-finish-reason';
import { usageToAnthropic } from './map-anthropic-usage';
import { flatToolName } from '../shared/tool-names';

type Block = Record<string, unknown>;

/** A neutral reply → an Anthropic Message body; `reply.extra` fields are written at the top level. */
export function formatAnthropicReply(reply: NeutralReply): Formatted<Record<string, unknown>> {
  const warnings: Warning[] = [];
  const content: Block[] = [];
  reply.content.forEach((part, i) => {
    const path = `content[${i}]`;
    switch (part.type) {
      case 'text':
        content.push({ type: 'text', text: part.text });
        break;
      case 'reasoning': {
        // Another provider's signature goes out wrapped: it comes back to bench, never to Anthropic as is.
        const signature = part.signature === undefined ? '' : signatureFor('anthropic', part.signature, part.signatureFrom);
        if (part.redacted) content.push({ type: 'redacted_thinking', data: signature });
        else content.push({ type: 'thinking', thinking: part.text, signature });
        break;
      }
      case 'tool-call':
        content.push({ type: 'tool_use', id: part.id, name: flatToolName(part.name, part.namespace), input: replyToolInput(part.arguments, path, warnings) });
        break;
      case 'image':
        warnings.push({ code: 'dropped', path, message: 'Anthropic replies carry no images' });
        break;
      default: {
        const unreachable: never = part;
        return unreachable;
      }
    }
  });
  const value: Record<string, unknown> = {
    id: reply.id,
    type: 'message',
    role: 'assistant',
    model: reply.model,
    content,
    ...stopToAnthropic(reply.finishReason, reply.rawFinishReason, reply.stopSequence),
    usage: replyUsage(reply),
    ...reply.extra,
  };
  return { value, warnings };
}

/** A whole reply's usage: `input_tokens` is a required number there (0 when unknown), unlike in message_delta. */
function replyUsage(reply: NeutralReply): ReturnType<typeof usageToAnthropic> {
  const usage = usageToAnthropic(reply.usage);
  usage.input_tokens ??= 0;
  return usage;
}
