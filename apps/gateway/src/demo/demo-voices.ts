import type { NeutralRequest } from '@bench/formats';

/** The simulated members' voices: distinct, so a panel shows who said what. */
const VOICES: Record<string, (question: string) => string> = {
  'demo-sage': (q) =>
    `Let me think about "${q}" carefully. There are two sides to it: what is asked, and what is meant. ` +
    `The short answer is that it depends on the context, and the long answer starts with the assumptions behind the question.`,
  'demo-scout': (q) => `Quick take on "${q}": start small, measure, then decide. That is usually enough.`,
  'demo-slowpoke': (q) => `After a long pause: "${q}" deserves patience. Slow answers are sometimes the careful ones.`,
  'demo-flaky': (q) => `When I do answer: "${q}" has a simple core, and the rest is detail.`,
};

/** The text of the request's last user message. */
function lastUserText(request: NeutralRequest): string {
  for (let i = request.messages.length - 1; i >= 0; i -= 1) {
    const message = request.messages[i]!;
    if (message.role !== 'user') continue;
    const texts = message.content.flatMap((part) => (part.type === 'text' ? [part.text] : []));
    if (texts.length > 0) return texts.join(' ');
  }
  return '';
}

/** What a simulated member answers, as words (each streamed as a piece). */
export function voiceAnswer(model: string, request: NeutralRequest): string[] {
  // A merge request carries the question, then the drafts after a "---" line.
  const question = lastUserText(request).split('---')[0]!.replace(/\s+/g, ' ').trim().slice(0, 160) || 'your question';
  // The panel's merger is asked with the seats' drafts between <draft> tags.
  const text = request.system.some((part) => part.text.includes('<draft>'))
    ? `Merged answer: the panel agrees on the core of "${question}", and differs only in how much detail it gives.`
    : (VOICES[model] ?? ((q: string) => `${model} heard: ${q}`))(question);
  return text.split(/(?<= )/);
}
