import { InvalidReplyError } from '../errors/invalid-reply-error';
import type { AssistantContentPart, ReasoningPart, ToolCallPart } from '../neutral/content';
import type { NeutralReply } from '../neutral/reply';
import { freeformArguments } from '../shared/freeform-input';
import { mapOpenAIResponsesFinishReason } from './map-openai-responses-finish-reason';
import { parseOpenAIResponsesUsage } from './map-openai-responses-usage';
import { replySchema, type OutputItem } from './openai-responses-api';
import { SUMMARY_SEPARATOR } from './parse-reasoning-item';

/** An upstream's whole Responses reply → neutral reply (lenient: output items we do not know are skipped). */
export function parseOpenAIResponsesReply(body: unknown): NeutralReply {
  const result = replySchema.safeParse(body);
  if (!result.success || !result.data.output) {
    throw new InvalidReplyError('not an OpenAI Responses reply: expected a response object with an output array', {
      body,
      cause: result.success ? undefined : result.error,
    });
  }
  const wire = result.data;
  const content: AssistantContentPart[] = [];
  for (const item of wire.output ?? []) content.push(...partsOf(item, content.length));
  const hasToolCalls = content.some((part) => part.type === 'tool-call');
  const incomplete = wire.incomplete_details?.reason ?? undefined;
  const reply: NeutralReply = {
    id: wire.id ?? '',
    model: wire.model ?? '',
    content,
    finishReason: mapOpenAIResponsesFinishReason(wire.status, incomplete, hasToolCalls),
  };
  const raw = incomplete ?? wire.status ?? undefined;
  if (raw) reply.rawFinishReason = raw;
  if (typeof wire.created_at === 'number') reply.created = wire.created_at;
  const usage = parseOpenAIResponsesUsage(wire.usage);
  if (usage) reply.usage = usage;
  return reply;
}

/** One output item → its parts; `at` (the part's index) makes the id of a call that came without one (`call_<n>`). */
function partsOf(item: OutputItem, at: number): AssistantContentPart[] {
  switch (item.type) {
    case 'message': {
      const parts: AssistantContentPart[] = [];
      for (const entry of item.content ?? []) {
        const text = entry.type === 'refusal' ? entry.refusal : entry.text;
        if (typeof text === 'string') parts.push({ type: 'text', text });
      }
      return parts;
    }
    case 'reasoning': {
      const summary = (item.summary ?? []).map((entry) => entry.text ?? '');
      const text = summary.length > 0 ? summary.join(SUMMARY_SEPARATOR) : (item.content ?? []).map((entry) => entry.text ?? '').join('');
      const part: ReasoningPart = { type: 'reasoning', text };
      if (item.encrypted_content) {
        part.signature = item.encrypted_content;
        part.signatureFrom = 'openai-responses';
      }
      if (item.id) part.extra = { id: item.id };
      return [part];
    }
    case 'function_call':
    case 'custom_tool_call': {
      const freeform = item.type === 'custom_tool_call';
      const part: ToolCallPart = {
        type: 'tool-call',
        id: item.call_id ?? item.id ?? `call_${at}`,
        name: item.name ?? '',
        arguments: freeform ? freeformArguments(item.input ?? '') : (item.arguments ?? ''),
      };
      if (item.namespace) part.namespace = item.namespace;
      if (freeform) part.freeform = true;
      if (item.id) part.extra = { id: item.id };
      return [part];
    }
    default:
      return [];
  }
}
