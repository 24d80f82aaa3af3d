import { describe, expect, it } from 'vitest';
import { mergeUnder } from './merge-under';

describe('mergeUnder', () => {
  it("puts defaults under the caller's fields, merging nested objects, never replacing arrays", () => {
    expect(
      mergeUnder(
        { temperature: 0.1, think: false, options: { num_ctx: 8192, top_k: 5 }, stop: ['a'] },
        { temperature: 0.9, options: { top_k: 40 }, stop: ['b'] },
      ),
    ).toEqual({ temperature: 0.9, think: false, options: { num_ctx: 8192, top_k: 40 }, stop: ['b'] });
  });
});
