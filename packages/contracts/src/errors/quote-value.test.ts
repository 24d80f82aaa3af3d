import { describe, expect, it } from 'vitest';
import { cutValue, MAX_QUOTED_CHARS, quoteValue } from './quote-value';

describe('quoteValue', () => {
  it('quotes a short value whole', () => {
    expect(quoteValue('m9')).toBe('"m9"');
  });

  it('quotes at most 200 characters of a 10,000-character value, and says how long it was', () => {
    const quoted = quoteValue('x'.repeat(10_000));
    expect(quoted).toBe(`"${'x'.repeat(MAX_QUOTED_CHARS)}…" (10000 characters)`);
  });

  it('never cuts a surrogate pair in half', () => {
    const value = `${'a'.repeat(199)}😀${'b'.repeat(50)}`; // the emoji's two halves are characters 200 and 201
    const cut = cutValue(value);
    expect(cut).toBe(`${'a'.repeat(199)}…`);
    expect(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(cut)).toBe(false);
    expect(cutValue(`${'a'.repeat(198)}😀${'b'.repeat(50)}`)).toBe(`${'a'.repeat(198)}😀…`);
  });
});
