import { describe, expect, it } from 'vitest';
import { MAX_BODY_DEPTH, tooDeepAt } from './json-depth';

/** `levels` objects nested under `key` (the outermost one included). */
function nested(levels: number, key = 'a'): Record<string, unknown> {
  let value: Record<string, unknown> = {};
  for (let level = 1; level < levels; level += 1) value = { [key]: value };
  return value;
}

describe('tooDeepAt', () => {
  it('passes a body nested exactly to the limit, and names the path of one a level deeper', () => {
    expect(tooDeepAt(nested(MAX_BODY_DEPTH))).toBeUndefined();
    expect(tooDeepAt(nested(MAX_BODY_DEPTH + 1))).toBe('a.a.a.a.a.a.a.a…');
    expect(tooDeepAt(nested(4), 3)).toBe('a.a.a');
    expect(tooDeepAt(nested(3), 3)).toBeUndefined();
  });

  it('counts arrays as levels and finds the deep branch among shallow ones', () => {
    const body = { model: 'm', messages: [{ role: 'user', content: 'hi' }], tools: [{}, { schema: [[[{}]]] }] };
    expect(tooDeepAt(body, 7)).toBeUndefined();
    expect(tooDeepAt(body, 6)).toBe('tools[1].schema[0][0][0]');
  });

  it('walks a body far deeper than the stack allows without overflowing', () => {
    let deep: unknown = 'x';
    for (let level = 0; level < 200_000; level += 1) deep = [deep];
    expect(tooDeepAt({ deep })).toBe('deep[0][0][0][0][0][0][0]…');
  });
});
