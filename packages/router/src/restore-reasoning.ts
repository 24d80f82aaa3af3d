import type { AssistantContentPart, Message, NeutralRequest, ToolCallPart } from '@bench/formats';
import { type HeldReasoning, heldReasoningKey, heldReasoningOf, lacksReasoning, restoreHeldReasoning } from './held-reasoning';
import { isPromise, type MaybePromise } from './maybe-promise';
import type { Plan } from './plan';
import type { ConversationTiming } from './stores/conversation-store';
import type { ReasoningStore } from './stores/reasoning-store';

/** The request with held reasoning back in every message that called tools without its own; the same request when none. */
export function restoreReasoning(store: ReasoningStore, plan: Plan, request: NeutralRequest, now: number): MaybePromise<NeutralRequest> {
  if (plan.identity === 'none') return request; // not sticky: nothing was kept under a conversation
  const at: number[] = [];
  const keys: string[] = [];
  request.messages.forEach((message, i) => {
    if (message.role !== 'assistant' || !lacksReasoning(message)) return;
    at.push(i);
    keys.push(heldReasoningKey(plan.conversation, message.content.find((part) => part.type === 'tool-call') as ToolCallPart));
  });
  if (keys.length === 0) return request;
  const read = store.get(keys, timingOf(plan, now));
  return isPromise(read) ? read.then((found) => withHeld(request, at, found)) : withHeld(request, at, read);
}

function withHeld(request: NeutralRequest, at: number[], found: Array<HeldReasoning | undefined>): NeutralRequest {
  let messages: Message[] | undefined;
  found.forEach((held, k) => {
    const i = at[k] as number;
    const restored = held && restoreHeldReasoning(request.messages[i] as Extract<Message, { role: 'assistant' }>, held);
    if (!restored) return;
    messages ??= request.messages.slice();
    messages[i] = restored;
  });
  return messages ? Object.assign({}, request, { messages }) : request;
}

/** Keeps a reply's reasoning for the conversation's next requests, when it called tools and wrote reasoning (text or a signature). */
export function keepReasoning(store: ReasoningStore, plan: Plan, content: readonly AssistantContentPart[], now: number): MaybePromise<void> {
  if (plan.identity === 'none') return;
  const held = heldReasoningOf(content);
  if (!held) return;
  const first = content.find((part) => part.type === 'tool-call') as ToolCallPart;
  return store.put(heldReasoningKey(plan.conversation, first), held, timingOf(plan, now));
}

function timingOf(plan: Plan, now: number): ConversationTiming {
  return { ttlMs: plan.settings.stickyTtlMs, now };
}
