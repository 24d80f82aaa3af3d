import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { InvalidRequestError } from '../errors/invalid-request-error';
import { fieldPath } from './field-path';
import { parseWithSchema } from './parse-with-schema';
import { safeParseJSON } from './safe-parse-json';

describe('fieldPath', () => {
  it('writes indexes in brackets and keys with dots', () => {
    expect(fieldPath(['messages', 2, 'content', 0, 'source', 'media_type'])).toBe('messages[2].content[0].source.media_type');
    expect(fieldPath([0, 'a'])).toBe('[0].a');
    expect(fieldPath([])).toBe('');
  });
});

describe('parseWithSchema', () => {
  const schema = z.object({ messages: z.array(z.object({ role: z.enum(['user', 'assistant']) })) });

  it('throws an InvalidRequestError naming the field path', () => {
    let caught: unknown;
    try {
      parseWithSchema(schema, { messages: [{ role: 'user' }, { role: 'robot' }] });
    } catch (error) {
      caught = error;
    }
    expect(InvalidRequestError.isInstance(caught)).toBe(true);
    const error = caught as InvalidRequestError;
    expect(error.param).toBe('messages[1].role');
    expect(error.message).toMatch(/^messages\[1\]\.role: /);
    expect(error.message).toContain('"user"');
  });

  it('returns the data when valid', () => {
    expect(parseWithSchema(schema, { messages: [{ role: 'assistant' }] })).toEqual({ messages: [{ role: 'assistant' }] });
  });
});

describe('safeParseJSON', () => {
  it('never throws', () => {
    expect(safeParseJSON('{"a":1}')).toEqual({ success: true, value: { a: 1 } });
    const bad = safeParseJSON('{"a":');
    expect(bad.success).toBe(false);
  });
});
