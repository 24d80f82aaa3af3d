import type { FormatReplyOptions, Formatted } from '../codec';
import type { ToolCallPart } from '../neutral/content';
import type { NeutralReply } from '../neutral/reply';
import type { Warning } from '../neutral/warning';
import { freeformText } from '../shared/freeform-input';
import { signatureFor } from '../shared/signature-provenance';
import { benchReasoningId } from './bench-reasoning-id';
import { statusOfFinishReason } from './map-openai-responses-finish-reason';
import { formatOpenAIResponsesUsage } from './map-openai-responses-usage';
import { summaryOf } from './format-reasoning-item';
import { idBase, responseEnvelope } from './response-envelope';

type Item = Record<string, unknown>;

/** A neutral reply → a Responses `response` object; `reply.extra` (the gateway's `bench`) as top-level fields. */
export function formatOpenAIResponsesReply(reply: NeutralReply, options?: FormatReplyOptions): Formatted<Record<string, unknown>> {
  const warnings: Warning[] = [];
  const base = idBase(reply.id);
  const output: Item[] = [];
  let message: Item[] | undefined;
  reply.content.forEach((part, index) => {
    switch (part.type) {
      case 'text':
        if (!message) {
          message = [];
          output.push({ id: `msg_${base}_${output.length}`, type: 'message', status: 'completed', role: 'assistant', content: message });
        }
        message.push({ type: 'output_text', text: part.text, annotations: [], logprobs: [] });
        return;
      case 'image':
        warnings.push({ code: 'dropped', path: `content[${index}]`, message: 'an OpenAI Responses reply holds no images; the image was not sent' });
        return;
      case 'reasoning': {
        message = undefined;
        const id = typeof part.extra?.id === 'string' ? part.extra.id : benchReasoningId(base, output.length);
        const item: Item = { id, type: 'reasoning', summary: summaryOf(part, false) };
        if (part.signature !== undefined) item.encrypted_content = signatureFor('openai-responses', part.signature, part.signatureFrom);
        output.push(item);
        return;
      }
      case 'tool-call': {
        message = undefined;
        output.push(formatToolCallItem(part, base, output.length));
        return;
      }
      default: {
        const unreachable: never = part;
        return unreachable;
      }
    }
  });
  if (reply.usage?.cacheWriteTokens !== undefined) {
    warnings.push({ code: 'dropped', path: 'usage.cacheWriteTokens', message: 'OpenAI Responses usage has no cache-write count; it was not sent' });
  }
  const { status, incompleteReason } = statusOfFinishReason(reply.finishReason);
  const value: Record<string, unknown> = {
    id: reply.id,
    object: 'response',
    created_at: reply.created ?? Math.floor(Date.now() / 1000),
    status,
    error: status === 'failed' ? { code: 'server_error', message: `the model failed (${reply.rawFinishReason ?? 'error'})` } : null,
    incomplete_details: incompleteReason ? { reason: incompleteReason } : null,
    model: reply.model,
    output,
    ...responseEnvelope(options?.request),
    usage: formatOpenAIResponsesUsage(reply.usage),
    ...reply.extra,
  };
  return { value, warnings };
}

/** A call as its output item: a function_call, or a custom tool's custom_tool_call with the raw input. */
function formatToolCallItem(part: ToolCallPart, base: string, index: number): Item {
  const given = typeof part.extra?.id === 'string' ? part.extra.id : undefined;
  if (part.freeform) {
    const item: Item = { id: given ?? `ctc_${base}_${index}`, type: 'custom_tool_call', call_id: part.id, name: part.name };
    if (part.namespace !== undefined) item.namespace = part.namespace;
    item.input = freeformText(part.arguments);
    return item;
  }
  const item: Item = { id: given ?? `fc_${base}_${index}`, type: 'function_call', status: 'completed', call_id: part.id, name: part.name };
  if (part.namespace !== undefined) item.namespace = part.namespace;
  item.arguments = part.arguments;
  return item;
}
