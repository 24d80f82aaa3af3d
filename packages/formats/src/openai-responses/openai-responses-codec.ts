import { checkToolChoice } from '../shared/check-tool-choice';
import type { Codec } from '../codec';
import { openaiResponsesWire } from './openai-responses-wire';
import { SSE_COMMENT_KEEP_ALIVE } from '../shared/sse';
import { formatOpenAIResponsesReply } from './format-openai-responses-reply';
import { formatOpenAIResponsesRequest } from './format-openai-responses-request';
import { formatOpenAIResponsesError, parseOpenAIResponsesError } from './openai-responses-error';
import { createOpenAIResponsesStreamDecoder } from './openai-responses-stream-decoder';
import { createOpenAIResponsesStreamEncoder } from './openai-responses-stream-encoder';
import { parseOpenAIResponsesReply } from './parse-openai-responses-reply';
import { parseOpenAIResponsesRequest } from './parse-openai-responses-request';

/** OpenAI Responses (`POST /v1/responses`): requests, replies, SSE streams and errors. */
export const openaiResponsesCodec: Codec = {
  protocol: 'openai-responses',
  wire: openaiResponsesWire,
  keepAlive: SSE_COMMENT_KEEP_ALIVE,
  streamContentType: 'text/event-stream',
  parseRequest: (body) => checkToolChoice(parseOpenAIResponsesRequest(body), 'tool_choice.name'),
  formatRequest: formatOpenAIResponsesRequest,
  parseReply: parseOpenAIResponsesReply,
  formatReply: formatOpenAIResponsesReply,
  createStreamDecoder: createOpenAIResponsesStreamDecoder,
  createStreamEncoder: createOpenAIResponsesStreamEncoder,
  formatError: formatOpenAIResponsesError,
  parseError: parseOpenAIResponsesError,
};
