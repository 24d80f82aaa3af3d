import type { FinishReason, StreamEvent, Usage } from '@bench/formats';
import type { Answer } from './behaviour';

export interface AnswerPlan {
  /** Each entry is one piece: the events written together (a tool call's last piece carries its end). */
  pieces: StreamEvent[][];
  finish: FinishReason;
  stopSequence?: string;
  usage: Usage;
}

const asList = (value: string | string[] | undefined): string[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

/** Turns a scripted answer into pieces of neutral events, in order: reasoning, text, tool calls. */
export function planAnswer(answer: Answer, inputTokens: number): AnswerPlan {
  const pieces: StreamEvent[][] = [];
  for (const text of asList(answer.reasoning)) pieces.push([{ type: 'reasoning-delta', text }]);
  if (answer.reasoningSignature !== undefined) pieces.push([{ type: 'reasoning-delta', text: '', signature: answer.reasoningSignature }]);
  for (const text of asList(answer.text)) pieces.push([{ type: 'text-delta', text }]);
  (answer.toolCalls ?? []).forEach((call, index) => {
    const id = call.id ?? `call_${index + 1}`;
    pieces.push([
      {
        type: 'tool-call-start',
        id,
        name: call.name,
        ...(call.namespace === undefined ? {} : { namespace: call.namespace }),
        ...(call.freeform ? { freeform: true } : {}),
      },
    ]);
    for (const argumentsDelta of asList(call.arguments)) pieces.push([{ type: 'tool-call-delta', id, argumentsDelta }]);
    pieces[pieces.length - 1]?.push({ type: 'tool-call-end', id });
  });
  const finish = answer.finish ?? ((answer.toolCalls?.length ?? 0) > 0 ? 'tool-calls' : 'stop');
  const reasoningTokens = asList(answer.reasoning).length;
  const usage: Usage = answer.usage ?? {
    inputTokens,
    outputTokens: pieces.length,
    ...(reasoningTokens > 0 ? { reasoningTokens } : {}),
  };
  return answer.stopSequence === undefined ? { pieces, finish, usage } : { pieces, finish, stopSequence: answer.stopSequence, usage };
}
