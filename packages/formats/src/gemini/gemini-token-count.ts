import { countAt, type UpstreamTokenCount } from '../upstream-token-count';

/** Gemini's `POST /models/{model}:countTokens` with the whole `generateContentRequest` (system instruction and tools count) → `{ totalTokens }`. */
export const geminiTokenCount: UpstreamTokenCount = {
  request(generate) {
    const method = generate.path.lastIndexOf(':');
    const modelPath = generate.path.slice(0, method); // `/models/<id>`
    return { path: `${modelPath}:countTokens`, body: { generateContentRequest: { model: modelPath.slice(1), ...generate.body } } };
  },
  read: (body) => countAt(body, 'totalTokens'),
  formatReply: (tokens) => ({ totalTokens: tokens }),
};
