import type { AssistantMessage, NeutralRequest } from '@bench/formats';
import type { ModelTarget } from './model-target';
import { vendorOf } from './vendors/vendor-of';

/** The assistant messages this client added as a prefill (the text already sent), told apart from a conversation's own. */
const PREFILLS = new WeakSet<AssistantMessage>();

/** Whether a request's last message is a prefill this client added. */
export function isPrefilled(request: NeutralRequest): boolean {
  const last = request.messages[request.messages.length - 1];
  return last !== undefined && last.role === 'assistant' && PREFILLS.has(last);
}

/**
 * Whether a target's API continues an answer given as the last (assistant)
 * message: Anthropic's, Gemini's and Ollama's do; of the OpenAI-compatible
 * servers, DeepSeek's (its `prefix: true`, see vendors/rules/deepseek-prefix.ts).
 */
export function canPrefill(target: ModelTarget): boolean {
  if (target.api === 'anthropic' || target.api === 'gemini' || target.api === 'ollama') return true;
  return target.api === 'openai-chat' && vendorOf(target) === 'deepseek';
}

export interface ContinuationRequest {
  /** The conversation with the text sent so far as the start of the answer. */
  prefilled: NeutralRequest;
  /** The whitespace at the end of the sent text left out of the prefill (Anthropic refuses a prefill ending in it). */
  trimmed: string;
}

/**
 * The request with `sent` as the start of the answer: a last assistant
 * message, or (where the caller prefilled the answer itself) added to it.
 */
export function continuationRequest(request: NeutralRequest, sent: string): ContinuationRequest {
  const text = sent.trimEnd();
  const trimmed = sent.slice(text.length);
  const last = request.messages[request.messages.length - 1];
  const own = last?.role === 'assistant' && last.content.every((part) => part.type === 'text') ? last : undefined;
  const message: AssistantMessage = { role: 'assistant', content: [...(own?.content ?? []), { type: 'text', text }] };
  PREFILLS.add(message);
  const messages = own ? [...request.messages.slice(0, -1), message] : [...request.messages, message];
  return { prefilled: Object.assign({}, request, { messages }), trimmed };
}
