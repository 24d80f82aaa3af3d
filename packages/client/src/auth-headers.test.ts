import { describe, expect, it } from 'vitest';
import { authHeaders } from './auth-headers';

describe('authHeaders', () => {
  it('uses each protocol’s own header', () => {
    expect(authHeaders('openai-chat', 'k')).toEqual({ authorization: 'Bearer k' });
    expect(authHeaders('openai-responses', 'k')).toEqual({ authorization: 'Bearer k' });
    expect(authHeaders('ollama', 'k')).toEqual({ authorization: 'Bearer k' });
    expect(authHeaders('anthropic', 'k')).toEqual({ 'x-api-key': 'k', 'anthropic-version': '2023-06-01' });
    expect(authHeaders('gemini', 'k')).toEqual({ 'x-goog-api-key': 'k' });
  });
  it('sends no key header without a key (a local Ollama)', () => {
    expect(authHeaders('ollama', undefined)).toEqual({});
    expect(authHeaders('anthropic', undefined)).toEqual({ 'anthropic-version': '2023-06-01' });
  });
});
