import { describe, expect, it } from 'vitest';
import { FREEFORM_ARGUMENTS_CLOSE, FREEFORM_ARGUMENTS_OPEN, freeformArguments, freeformArgumentsPiece, freeformText } from './freeform-input';

const PATCH = '*** Begin Patch\n*** Add File: a.txt\n+say "hi"\\n\n*** End Patch';

describe('a freeform call as neutral arguments and back', () => {
  it('wraps the text as {"input": …} and unwraps it', () => {
    expect(JSON.parse(freeformArguments(PATCH))).toEqual({ input: PATCH });
    expect(freeformText(freeformArguments(PATCH))).toBe(PATCH);
  });

  it('pieces of the text, escaped between the opening and the close, make the same arguments however it is split (a surrogate pair too)', () => {
    const text = `${PATCH} 🙂 done`;
    const cut = text.indexOf('🙂') + 1;
    const pieces = [text.slice(0, 7), text.slice(7, cut), text.slice(cut)];
    const joined = FREEFORM_ARGUMENTS_OPEN + pieces.map(freeformArgumentsPiece).join('') + FREEFORM_ARGUMENTS_CLOSE;
    expect(JSON.parse(joined)).toEqual({ input: text });
  });

  it('takes the text from what models write instead: one other string field, a JSON string, or the text itself', () => {
    expect(freeformText(JSON.stringify({ patch: PATCH }))).toBe(PATCH);
    expect(freeformText(JSON.stringify(PATCH))).toBe(PATCH);
    expect(freeformText(PATCH)).toBe(PATCH);
  });

  it('leaves arguments with no one text in them as they are', () => {
    const two = JSON.stringify({ a: 'x', b: 'y' });
    expect(freeformText(two)).toBe(two);
    expect(freeformText('[1,2]')).toBe('[1,2]');
    expect(freeformText('{}')).toBe('{}');
  });
});
