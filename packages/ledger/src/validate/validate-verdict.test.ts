import { describe, expect, it } from 'vitest';
import { LedgerInputError } from '../errors/ledger-input-error';
import { validateVerdict } from './validate-verdict';

function fieldOf(value: unknown): string | undefined {
  try {
    validateVerdict(value);
  } catch (error) {
    if (LedgerInputError.isInstance(error)) return error.message;
    throw error;
  }
  return undefined;
}

describe('validateVerdict', () => {
  it('accepts a verdict with or without a note (null counts as none)', () => {
    expect(validateVerdict({ call: 'p1.1', useful: true })).toEqual({ call: 'p1.1', useful: true });
    expect(validateVerdict({ call: 'p1.1', useful: false, note: null })).toEqual({ call: 'p1.1', useful: false });
    expect(validateVerdict({ call: 'p1.1', useful: false, note: 'é'.repeat(2048) }).note).toHaveLength(2048);
  });

  it('names the field and why for each kind of bad input', () => {
    expect(fieldOf(null)).toBe('verdict: must be an object, got null');
    expect(fieldOf({ useful: true })).toBe('verdict.call: must be a non-empty string, got undefined');
    expect(fieldOf({ call: 'p1.1', useful: 1 })).toBe('verdict.useful: must be true or false, got number 1');
    expect(fieldOf({ call: 'p1.1', useful: true, note: 5 })).toBe('verdict.note: must be a string when present, got number 5');
    expect(fieldOf({ call: 'p1.1', useful: true, rating: 5 })).toBe('verdict.rating: is not a verdict field (expected call, useful, note)');
    // 2049 two-byte characters: over 4 KB in UTF-8 though under 4096 characters.
    expect(fieldOf({ call: 'p1.1', useful: true, note: 'é'.repeat(2049) })).toBe('verdict.note: is 4098 bytes; a note may be at most 4096 bytes (UTF-8)');
  });
});
