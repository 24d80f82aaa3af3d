import type { NeutralRequest } from '@bench/formats';
import type { Answer, Behaviour, ScriptedError } from './behaviour';

/** The text of a request's last message when it is the assistant's (a prefill), else undefined. */
export function prefillOf(request: NeutralRequest | undefined): string | undefined {
  const last = request?.messages[request.messages.length - 1];
  if (last?.role !== 'assistant') return undefined;
  return last.content.map((part) => (part.type === 'text' ? part.text : '')).join('');
}

/** What a model that takes no prefill answers (Anthropic's words for its newer models). */
export const PREFILL_REFUSAL: ScriptedError = {
  status: 400,
  error: { kind: 'invalid-request', message: 'This model does not support assistant message prefill. The conversation must end with a user message.' },
};

const asText = (text: string | string[] | undefined): string => (Array.isArray(text) ? text.join('') : (text ?? ''));

/** The answer to a prefilled request as `behaviour.prefill` says (its text being the whole answer); the answer itself otherwise. */
export function answerPrefill(answer: Answer, behaviour: Behaviour, request: NeutralRequest | undefined): Answer {
  const how = behaviour.prefill;
  const prefill = prefillOf(request);
  if (how === undefined || how === 'refuse' || how === 'restart' || prefill === undefined) return answer;
  const whole = asText(answer.text);
  if (!whole.startsWith(prefill)) throw new Error(`the scripted answer does not start with the prefill ${JSON.stringify(prefill)}`);
  const from = how === 'continue' ? prefill.length : Math.max(0, prefill.length - how.overlap);
  const rest = whole.slice(from);
  return { ...answer, text: rest.split(/(?<= )/).filter((piece) => piece !== '') };
}
