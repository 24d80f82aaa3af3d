import type { PanelBench } from '@bench/panel';

/** What `ask` answers with, as structured content: each seat's answer labelled, and the merged answer when asked for. */
export interface AskAnswer {
  panel: string;
  collection: string;
  reply: 'all' | 'merged';
  seats: Array<{ model: string; call: string; status: string; answer: string; error?: string }>;
  merged?: { model: string; call: string; status: string; answer: string };
  cost?: number;
  /** How to judge an answer: the verdict tool, with one of the call ids above. */
  verdict: string;
}

/** The answer from the panel's `bench` object and the reply's text (the merged answer in `merged`). */
export function askAnswer(bench: PanelBench & { cost?: unknown }, text: string): AskAnswer {
  const seats = bench.seats.map((seat) => ({
    model: seat.alias,
    call: seat.call,
    status: seat.status,
    answer: seat.answer,
    ...(seat.error ? { error: seat.error } : {}),
  }));
  const answer: AskAnswer = {
    panel: bench.panel,
    collection: bench.collection,
    reply: bench.reply,
    seats,
    verdict: 'call the verdict tool with a call id and whether the answer was useful',
  };
  if (bench.reply === 'merged' && bench.merger)
    answer.merged = { model: bench.merger.alias, call: bench.merger.call, status: bench.merger.status, answer: text };
  if (typeof bench.cost === 'number') answer.cost = bench.cost;
  return answer;
}

/** The same answer as the text an agent reads. */
export function askAnswerText(answer: AskAnswer): string {
  const seatText = answer.seats.map(
    (seat) =>
      `## ${seat.model} (call ${seat.call}, ${seat.status})\n\n${seat.status === 'ok' ? seat.answer : `failed: ${seat.error ?? seat.status}${seat.answer ? `\n\n${seat.answer}` : ''}`}`,
  );
  const judge = `Judge an answer with the verdict tool: { "call": "<call id>", "useful": true | false }.`;
  if (answer.merged) {
    const behind = answer.seats.map((seat) => `${seat.model} (call ${seat.call}, ${seat.status})`).join(', ');
    return `# Merged answer by ${answer.merged.model} (call ${answer.merged.call})\n\n${answer.merged.answer}\n\nSeats behind it: ${behind} (their answers are in the structured content).\n\n${judge}`;
  }
  return `${seatText.join('\n\n')}\n\n${judge}`;
}
