import type { Message, NeutralRequest } from '@bench/formats';
import { BadRequestError } from './errors/bad-request-error';
import { memberSaid } from './member-said';
import type { ModelTarget } from './model-target';

/** A server that does not take the field: "property 'messages.2.assistant.reasoning_content' is unsupported". */
const FIELD_REFUSED = /unsupported|not supported|unknown|unrecogni[sz]ed|not allowed|not permitted|additional propert|extra inputs|extra_forbidden/i;
/** DeepSeek's and Kimi's errors about the same field ask for it, not refuse it. */
const FIELD_WANTED = /missing|must be passed|required/i;

/**
 * Whether a member's 400 refused the reasoning of earlier turns the request
 * carried as `reasoning_content` (a strict OpenAI-compatible server that has
 * no such field, after a failover from a reasoning member or with reasoning a
 * caller sent back). What it said, or undefined.
 */
export function refusedReasoningHistory(error: unknown, target: ModelTarget, request: NeutralRequest): string | undefined {
  if (target.api !== 'openai-chat' || !BadRequestError.isInstance(error)) return undefined;
  const said = memberSaid(error, target.alias);
  if (!said.includes('reasoning_content') || !FIELD_REFUSED.test(said) || FIELD_WANTED.test(said)) return undefined;
  return hasReasoningHistory(request) ? said : undefined;
}

/** Whether an assistant message of the request carries reasoning. */
export function hasReasoningHistory(request: NeutralRequest): boolean {
  return request.messages.some((message) => message.role === 'assistant' && message.content.some((part) => part.type === 'reasoning'));
}

/** The request with no reasoning in its assistant messages (text and signatures alike). */
export function withoutReasoningHistory(request: NeutralRequest): NeutralRequest {
  const messages = request.messages.map((message): Message => {
    if (message.role !== 'assistant' || !message.content.some((part) => part.type === 'reasoning')) return message;
    return Object.assign({}, message, { content: message.content.filter((part) => part.type !== 'reasoning') });
  });
  return Object.assign({}, request, { messages });
}
