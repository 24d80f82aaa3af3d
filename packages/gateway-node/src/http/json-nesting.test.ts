import { describe, expect, it } from 'vitest';
import { tooDeepAt } from './json-depth';
import { nestingTooDeepAt } from './json-nesting';

describe('nestingTooDeepAt', () => {
  it('finds the first bracket past the limit', () => {
    expect(nestingTooDeepAt('[[[1]]]', 3)).toBe(-1);
    expect(nestingTooDeepAt('[[[1]]]', 2)).toBe(2);
    expect(nestingTooDeepAt('{"a":{"b":[{}]}}', 3)).toBe(11);
    expect(nestingTooDeepAt('['.repeat(10_000), 128)).toBe(128);
  });

  it('counts no bracket inside a string, escaped quotes and backslashes included', () => {
    expect(nestingTooDeepAt(JSON.stringify({ a: '[[[[{{{{', b: 'say \\"[[[[\\" \\\\', c: ['x'] }), 2)).toBe(-1);
    expect(nestingTooDeepAt(JSON.stringify({ a: 'ends in a backslash \\', b: [[1]] }), 2)).toBe(
      JSON.stringify({ a: 'ends in a backslash \\', b: [[1]] }).indexOf('[[') + 1,
    );
  });

  it('agrees with the depth check on the parsed value at every limit', () => {
    const value = { tools: [{ schema: { type: 'object', properties: { a: { type: 'array', items: [{ b: '}]' }] } } } }] };
    const text = JSON.stringify(value);
    for (let limit = 0; limit <= 10; limit += 1) expect(nestingTooDeepAt(text, limit) === -1, `limit ${limit}`).toBe(tooDeepAt(value, limit) === undefined);
    expect(nestingTooDeepAt(text, 7)).toBeGreaterThan(0);
  });
});
