import type { Codec } from '../codec';
import { ollamaWire } from './ollama-wire';
import { formatOllamaError, parseOllamaError } from './ollama-error';
import { formatOllamaReply } from './format-ollama-reply';
import { formatOllamaRequest } from './format-ollama-request';
import { createOllamaStreamDecoder } from './ollama-stream-decoder';
import { createOllamaStreamEncoder } from './ollama-stream-encoder';
import { parseOllamaReply } from './parse-ollama-reply';
import { parseOllamaRequest } from './parse-ollama-request';
import { refuseNothingToAnswer } from '../shared/nothing-to-answer';

/** Ollama's /api/chat and /api/generate: NDJSON streams, `{"error": …}` errors, no keep-alive. */
export const ollamaCodec: Codec = {
  protocol: 'ollama',
  wire: ollamaWire,
  keepAlive: undefined,
  streamContentType: 'application/x-ndjson',
  parseRequest: (body, options) => {
    const request = parseOllamaRequest(body, options);
    // Left out (not empty), messages or prompt is how a client preloads a model, and goes on as before.
    if (options?.endpoint === 'generate') refuseNothingToAnswer(body, 'prompt', 'send a prompt');
    else refuseNothingToAnswer(body, 'messages', 'send at least one message');
    return request;
  },
  formatRequest: formatOllamaRequest,
  parseReply: parseOllamaReply,
  formatReply: formatOllamaReply,
  createStreamDecoder: createOllamaStreamDecoder,
  createStreamEncoder: createOllamaStreamEncoder,
  formatError: formatOllamaError,
  parseError: parseOllamaError,
};
