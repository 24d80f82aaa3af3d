import { describe, expect, it } from 'vitest';
import { askAnswer, askAnswerText } from './ask-answer';

const seats = [
  { alias: 'm1', call: 'p1.1', status: 'ok' as const, answer: 'blue', seconds: 1 },
  { alias: 'm2', call: 'p1.2', status: 'timeout' as const, answer: '', seconds: 9, error: 'no first token in 90s' },
];

describe('ask answers', () => {
  it('"all": every seat labelled with its model, call id and status; a failed seat says why', () => {
    const answer = askAnswer({ panel: 'p1', collection: 'core', reply: 'all', seats, cost: 0.002 }, 'ignored');
    expect(answer.seats).toEqual([
      { model: 'm1', call: 'p1.1', status: 'ok', answer: 'blue' },
      { model: 'm2', call: 'p1.2', status: 'timeout', answer: '', error: 'no first token in 90s' },
    ]);
    expect(answer.cost).toBe(0.002);
    const text = askAnswerText(answer);
    expect(text).toContain('## m1 (call p1.1, ok)\n\nblue');
    expect(text).toContain('## m2 (call p1.2, timeout)\n\nfailed: no first token in 90s');
    expect(text).toContain('verdict tool');
  });

  it('"merged": the merged answer by its merger, and the seats behind it', () => {
    const answer = askAnswer({ panel: 'p1', collection: 'core', reply: 'merged', seats, merger: { alias: 'm3', call: 'p1.merger', status: 'ok' } }, 'teal');
    expect(answer.merged).toEqual({ model: 'm3', call: 'p1.merger', status: 'ok', answer: 'teal' });
    const text = askAnswerText(answer);
    expect(text.startsWith('# Merged answer by m3 (call p1.merger)\n\nteal')).toBe(true);
    expect(text).toContain('Seats behind it: m1 (call p1.1, ok), m2 (call p1.2, timeout)');
  });
});
