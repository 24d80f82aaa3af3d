import type { NeutralRequest } from '@bench/formats';
import type { Answer } from './behaviour';

/** The text of the request's last user message, if any. */
export function lastUserText(request: NeutralRequest | undefined): string {
  const messages = request?.messages ?? [];
  for (let i = messages.length - 1; i >= 0; i -= 1) {
    const message = messages[i];
    if (message?.role !== 'user') continue;
    const texts = message.content.flatMap((part) => (part.type === 'text' ? [part.text] : []));
    if (texts.length > 0) return texts.join(' ');
  }
  return '';
}

/** The default answer of an unscripted model: it says who it is and echoes the question, a word a piece. */
export function echoAnswer(model: string, request: NeutralRequest | undefined): Answer {
  const said = lastUserText(request).slice(0, 200) || 'nothing';
  const words = `${model} heard: ${said}`.split(/(?<= )/);
  return { text: words };
}
