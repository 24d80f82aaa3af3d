import { describe, expect, it } from 'vitest';
import { formatAllAnswers } from './format-all-answers';

describe('formatAllAnswers', () => {
  it('labels each answer with alias and call, says which failed, and names who was not asked', () => {
    const text = formatAllAnswers(
      [
        { alias: 'm1', call: 'p1.1', status: 'ok', answer: 'Four.\n', seconds: 1 },
        { alias: 'm2', call: 'p1.2', status: 'timeout', answer: '', seconds: 0.3, error: 'm2: no first piece within 300 ms' },
      ],
      [
        { seat: 3, alias: 'm3', why: 'retired since 2026-01-01: slow' },
        { alias: 'm9', why: 'merger: retired' },
      ],
      'The merger m1 failed.',
    );
    expect(text).toMatchInlineSnapshot(`
      "> The merger m1 failed.

      ### m1 · call p1.1

      Four.

      ### m2 · call p1.2 · failed

      > m2 did not answer (timeout): m2: no first piece within 300 ms

      ---

      *Not asked:* m3 (retired since 2026-01-01: slow).
      "
    `);
  });
});
