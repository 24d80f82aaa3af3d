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

describe('RequestTarget, other request-target forms', () => {
  it('takes the path and query of an absolute-form target', () => {
    const target = new RequestTarget('http://127.0.0.1:4747/v1/chat/completions?key=abc');
    expect(target.pathname).toBe('/v1/chat/completions');
    expect(target.searchParams.get('key')).toBe('abc');
  });

  it('keeps what no URL parser takes as the path, so the route answers 404', () => {
    expect(new RequestTarget('*').pathname).toBe('/*');
    expect(new RequestTarget('http://[bad').pathname).toBe('http://[bad');
  });
});
