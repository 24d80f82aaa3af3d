import type { AssistantContentPart, NeutralReply } from '@bench/formats';
import type { Answer, ScriptedToolCall } from './behaviour';
import { planAnswer } from './answer-pieces';

const joined = (value: string | string[] | undefined): string => (value === undefined ? '' : Array.isArray(value) ? value.join('') : value);

/** The whole (non-streamed) reply for a scripted answer. */
export function answerReply(answer: Answer, meta: { id: string; model: string; inputTokens: number }): NeutralReply {
  const plan = planAnswer(answer, meta.inputTokens);
  const content: AssistantContentPart[] = [];
  const reasoning = joined(answer.reasoning);
  if (reasoning) content.push({ type: 'reasoning', text: reasoning });
  const text = joined(answer.text);
  if (text) content.push({ type: 'text', text });
  (answer.toolCalls ?? []).forEach((call, index) => {
    content.push({ type: 'tool-call', id: call.id ?? `call_${index + 1}`, name: call.name, ...toolOf(call), arguments: joined(call.arguments) });
  });
  return {
    id: answer.id ?? meta.id,
    model: meta.model,
    created: Math.floor(Date.now() / 1000),
    content,
    finishReason: plan.finish,
    ...(plan.stopSequence === undefined ? {} : { stopSequence: plan.stopSequence }),
    usage: plan.usage,
  };
}

function toolOf(call: ScriptedToolCall): { namespace?: string; freeform?: boolean } {
  return { ...(call.namespace === undefined ? {} : { namespace: call.namespace }), ...(call.freeform ? { freeform: true } : {}) };
}
