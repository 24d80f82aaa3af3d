import { createHash } from 'node:crypto';
import type { AssistantContentPart, AssistantMessage, ReasoningPart, ToolCallPart } from '@bench/formats';

/**
 * What a member wrote in a reply that called tools, as far as a caller loses
 * it: OpenAI Chat has no place for a reasoning signature, and agent clients
 * (opencode through the AI SDK, Gemini CLI) drop reasoning text from their
 * history, which thinking models that call tools (DeepSeek in thinking mode)
 * refuse to go on without. Its reasoning parts, in their places among the
 * reply's other parts. The text and the calls themselves come back from the
 * caller; only their places are kept (`slot`).
 */
export interface HeldReasoning {
  /** The reply's tool-call ids, in order: the caller's message must call the same. */
  calls: string[];
  parts: HeldPart[];
}

export type HeldPart = ReasoningPart | { type: 'slot' } | { type: 'call'; id: string };

/** The reasoning a reply keeps for the next turn, or undefined when it called no tool or wrote no reasoning (text or signature). */
export function heldReasoningOf(content: readonly AssistantContentPart[]): HeldReasoning | undefined {
  const calls: string[] = [];
  let reasoned = false;
  const parts: HeldPart[] = [];
  for (const part of content) {
    if (part.type === 'tool-call') {
      calls.push(part.id);
      parts.push({ type: 'call', id: part.id });
    } else if (part.type === 'reasoning') {
      if (part.signature !== undefined || part.text !== '') reasoned = true;
      parts.push(part);
    } else {
      parts.push({ type: 'slot' });
    }
  }
  return calls.length > 0 && reasoned ? { calls, parts } : undefined;
}

/**
 * The store key of a message's reasoning: its conversation and its first call
 * (id, name and arguments, so that providers which number their calls afresh
 * in every reply, like Gemini, do not mix up two steps). Arguments are
 * compared as JSON, since clients re-serialise them.
 */
export function heldReasoningKey(conversation: string, firstCall: Pick<ToolCallPart, 'id' | 'name' | 'arguments'>): string {
  const digest = createHash('sha256')
    .update(`${firstCall.id}\0${firstCall.name}\0${canonicalArguments(firstCall.arguments)}`)
    .digest('base64url');
  return `${conversation}:${digest.slice(0, 22)}`;
}

function canonicalArguments(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text));
  } catch {
    return text;
  }
}

/** Whether the caller's message can take held reasoning: it calls tools and carries no signature of its own. */
export function lacksReasoning(message: AssistantMessage): boolean {
  let called = false;
  for (const part of message.content) {
    if (part.type === 'reasoning' && part.signature !== undefined) return false;
    if (part.type === 'tool-call') called = true;
  }
  return called;
}

/**
 * The caller's message with the held reasoning back in its places: text (and
 * any other part) in the caller's own words, in the slots the reply had; the
 * caller's calls; the caller's own unsigned reasoning replaced by the held.
 * Undefined when the message does not call exactly the held calls.
 */
export function restoreHeldReasoning(message: AssistantMessage, held: HeldReasoning): AssistantMessage | undefined {
  const calls = message.content.filter((part): part is ToolCallPart => part.type === 'tool-call');
  if (calls.length !== held.calls.length || calls.some((call, i) => call.id !== held.calls[i])) return undefined;
  const others = message.content.filter((part) => part.type !== 'tool-call' && part.type !== 'reasoning');
  // What the caller wrote beyond the reply's own slots goes before the calls, where a reply writes its text.
  let surplus = others.length - held.parts.filter((part) => part.type === 'slot').length;
  const content: AssistantContentPart[] = [];
  let other = 0;
  let call = 0;
  for (const part of held.parts) {
    if (part.type === 'reasoning') content.push(part);
    else if (part.type === 'call') {
      for (; call === 0 && surplus > 0; surplus -= 1) content.push(others[other++] as AssistantContentPart);
      content.push(calls[call++] as ToolCallPart);
    } else if (other < others.length) content.push(others[other++] as AssistantContentPart);
  }
  return Object.assign({}, message, { content });
}
