import { InvalidReplyError } from '../errors/invalid-reply-error';
import type { AssistantContentPart } from '../neutral/content';
import type { NeutralReply } from '../neutral/reply';
import { fieldPath } from '../shared/field-path';
import { googleThoughtSignature } from './google-thought-signature';
import { openRouterSignature, readReasoningDetails, reasoningDetailsText } from './openrouter-reasoning-details';
import { parseOpenAIChatFinishReason } from './map-openai-chat-finish-reason';
import { parseOpenAIChatUsage } from './map-openai-chat-usage';
import { replySchema } from './openai-chat-api';
import { splitExtra } from './split-extra';

const MAPPED = new Set(['id', 'object', 'created', 'model', 'choices', 'usage']);

/** An upstream's whole chat.completion (lenient) → neutral reply; the first choice is the answer. */
export function parseOpenAIChatReply(body: unknown): NeutralReply {
  const result = replySchema.safeParse(body);
  if (!result.success) {
    const issue = result.error.issues[0];
    const where = issue ? fieldPath(issue.path) : '';
    throw new InvalidReplyError(`not a chat completion: ${where ? `${where}: ` : ''}${issue?.message ?? 'invalid'}`, { body, cause: result.error });
  }
  const wire = result.data;
  const choice = wire.choices[0];
  const content: AssistantContentPart[] = [];
  const message = choice?.message;
  const details = readReasoningDetails(message?.reasoning_details);
  const reasoning = message?.reasoning_content ?? message?.reasoning ?? (details && reasoningDetailsText(details));
  if (reasoning) content.push({ type: 'reasoning', text: reasoning });
  // A signature signs the reasoning just before it (as a stream's reasoning pieces add up), else stands alone.
  const signed = (signature: string | undefined) => {
    if (signature === undefined) return;
    const last = content.at(-1);
    if (last?.type === 'reasoning' && last.signature === undefined) Object.assign(last, { signature, signatureFrom: 'openai-chat' });
    else content.push({ type: 'reasoning', text: '', signature, signatureFrom: 'openai-chat' });
  };
  if (details) signed(openRouterSignature(details));
  signed(googleThoughtSignature(message?.extra_content));
  if (message?.content) content.push({ type: 'text', text: message.content });
  else if (message?.refusal) content.push({ type: 'text', text: message.refusal });
  (message?.tool_calls ?? []).forEach((call, index) => {
    signed(googleThoughtSignature(call.extra_content));
    content.push({
      type: 'tool-call',
      id: call.id || `call_${index}`,
      name: call.function.name ?? '',
      arguments: call.function.arguments || '{}',
    });
  });
  const extra = splitExtra(wire, MAPPED);
  const reply: NeutralReply = {
    id: wire.id ?? '',
    model: wire.model ?? '',
    content,
    finishReason: parseOpenAIChatFinishReason(choice?.finish_reason),
  };
  if (typeof wire.created === 'number') reply.created = wire.created;
  if (choice?.finish_reason) reply.rawFinishReason = choice.finish_reason;
  // vLLM and SGLang: the matched stop string (a number is a stop token id, which has no neutral field).
  if (typeof choice?.stop_reason === 'string') reply.stopSequence = choice.stop_reason;
  if (wire.usage) reply.usage = parseOpenAIChatUsage(wire.usage);
  if (extra) reply.extra = extra;
  return reply;
}
