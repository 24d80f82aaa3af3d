import { checkToolChoice } from '../shared/check-tool-choice';
import type { Codec } from '../codec';
import { geminiWire } from './gemini-wire';
import { SSE_COMMENT_KEEP_ALIVE } from '../shared/sse';
import { formatGeminiError, parseGeminiError } from './gemini-error';
import { createGeminiStreamDecoder } from './gemini-stream-decoder';
import { createGeminiStreamEncoder } from './gemini-stream-encoder';
import { formatGeminiReply } from './format-gemini-reply';
import { formatGeminiRequest } from './format-gemini-request';
import { parseGeminiReply } from './parse-gemini-reply';
import { parseGeminiRequest } from './parse-gemini-request';
import { refuseNothingToAnswer } from '../shared/nothing-to-answer';

/** Gemini generateContent / streamGenerateContent (`?alt=sse`; without it, see geminiArrayStream). */
export const geminiCodec: Codec = {
  protocol: 'gemini',
  wire: geminiWire,
  keepAlive: SSE_COMMENT_KEEP_ALIVE,
  streamContentType: 'text/event-stream',
  parseRequest: (body, options) => {
    const request = checkToolChoice(parseGeminiRequest(body, options), 'toolConfig.functionCallingConfig.allowedFunctionNames');
    refuseNothingToAnswer(body, 'contents', 'send at least one content');
    return request;
  },
  formatRequest: formatGeminiRequest,
  parseReply: parseGeminiReply,
  formatReply: (reply) => formatGeminiReply(reply),
  createStreamDecoder: createGeminiStreamDecoder,
  createStreamEncoder: createGeminiStreamEncoder,
  formatError: formatGeminiError,
  parseError: parseGeminiError,
};
