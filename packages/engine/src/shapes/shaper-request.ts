import type { NeutralRequest } from '@bench/formats';

/** How much of the prompt a shaper reads: enough to tell the kind of task, little enough to stay cheap. */
const PROMPT_CHARS = 2_000;

/** The request that asks a shaper for the prompt's shape: plain text in, one name of the set out. */
export function shaperRequest(model: string, shapes: readonly string[], request: NeutralRequest): NeutralRequest {
  const prompt = firstUserText(request).slice(0, PROMPT_CHARS);
  const instruction = [
    `Which kind of task is the prompt below? Answer with exactly one of: ${shapes.join(', ')}.`,
    'Answer with that one word and nothing else.',
    '',
    '<prompt>',
    prompt,
    '</prompt>',
  ].join('\n');
  return {
    model,
    system: [],
    messages: [{ role: 'user', content: [{ type: 'text', text: instruction }] }],
    maxOutputTokens: 16,
    temperature: 0,
    stream: true,
    extra: {},
  };
}

/** The text of the conversation's first user message (the task it opened with). */
function firstUserText(request: NeutralRequest): string {
  const first = request.messages.find((message) => message.role === 'user');
  if (!first) return '';
  return first.content.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('\n');
}
