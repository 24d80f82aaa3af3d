import type { StreamForm } from '../codec';
import { createGeminiArrayStreamEncoder } from './gemini-stream-encoder';

/**
 * `:streamGenerateContent` without `?alt=sse`: the responses as one JSON array
 * that arrives piece by piece (`application/json`). Whitespace is its
 * keep-alive: it is valid JSON between elements.
 */
export const geminiArrayStream: StreamForm = {
  streamContentType: 'application/json; charset=utf-8',
  keepAlive: '\n',
  createStreamEncoder: createGeminiArrayStreamEncoder,
};
