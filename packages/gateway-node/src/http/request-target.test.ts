import { describe, expect, it } from 'vitest';
import { RequestTarget } from './request-target';

describe('RequestTarget', () => {
  it('splits the path from the query, which it parses only when read', () => {
    const target = new RequestTarget('/v1beta/models/gemini-2.5-pro:streamGenerateContent?alt=sse&key=k%2B1');
    expect(target.pathname).toBe('/v1beta/models/gemini-2.5-pro:streamGenerateContent');
    expect(target.searchParams.get('alt')).toBe('sse');
    expect(target.searchParams.get('key')).toBe('k+1');
  });

  it('has an empty query when there is none', () => {
    const target = new RequestTarget('/v1/chat/completions');
    expect(target.pathname).toBe('/v1/chat/completions');
    expect([...target.searchParams]).toEqual([]);
  });
});
