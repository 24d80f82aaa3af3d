import { describe, expect, it } from 'vitest';
import { getCodec } from '../codecs';
import { InvalidRequestError } from '../errors/invalid-request-error';

function refusal(run: () => unknown): { path: string | undefined; message: string } {
  try {
    run();
  } catch (error) {
    if (InvalidRequestError.isInstance(error)) return { path: error.param, message: error.message };
    throw error;
  }
  throw new Error('the request was accepted');
}

describe('a request with nothing to answer', () => {
  it.each([
    ['openai-chat', { model: 'm', messages: [] }, 'messages'],
    ['openai-responses', { model: 'm', input: [] }, 'input'],
    ['openai-responses', { model: 'm', input: '  ' }, 'input'],
    ['openai-responses', { model: 'm' }, 'input'],
    ['anthropic', { model: 'm', max_tokens: 10, messages: [] }, 'messages'],
    ['gemini', { model: 'm', contents: [] }, 'contents'],
    ['ollama', { model: 'm', messages: [] }, 'messages'],
  ] as const)('%s %j is refused naming %s', (protocol, body, field) => {
    const { path, message } = refusal(() => getCodec(protocol).parseRequest(body));
    expect(path).toBe(field);
    expect(message).toContain('nothing to answer');
  });

  it('is refused on Ollama /api/generate with an empty prompt; a left-out prompt or messages is still a preload', () => {
    expect(refusal(() => getCodec('ollama').parseRequest({ model: 'm', prompt: '' }, { endpoint: 'generate' })).path).toBe('prompt');
    expect(getCodec('ollama').parseRequest({ model: 'm' }, { endpoint: 'generate' }).extra.$noPrompt).toBe(true);
    expect(getCodec('ollama').parseRequest({ model: 'm' }).messages).toEqual([]);
  });

  it('lets a Responses request continue a stored one with previous_response_id', () => {
    expect(getCodec('openai-responses').parseRequest({ model: 'm', previous_response_id: 'resp_1', input: [] }).model).toBe('m');
  });
});
