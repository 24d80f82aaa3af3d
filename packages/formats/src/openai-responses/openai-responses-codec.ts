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
import { refuseNothingToAnswer } from '../shared/nothing-to-answer';

/** OpenAI Responses (`POST /v1/responses`): requests, replies, SSE streams and errors. */
export const openaiResponsesCodec: Codec = {
  protocol: 'openai-responses',
  wire: openaiResponsesWire,
  keepAlive: SSE_COMMENT_KEEP_ALIVE,
  streamContentType: 'text/event-stream',
  parseRequest: (body) => {
    const request = checkToolChoice(parseOpenAIResponsesRequest(body), 'tool_choice.name');
    // With previous_response_id the input is only what is new (the stored response holds the rest); a `prompt` template is the provider's.
    const { previous_response_id: previous, prompt } = (body ?? {}) as { previous_response_id?: unknown; prompt?: unknown };
    if (previous == null && prompt == null) refuseNothingToAnswer(body, 'input', 'send a text or at least one input item', 'empty');
    return request;
  },
  formatRequest: formatOpenAIResponsesRequest,
  parseReply: parseOpenAIResponsesReply,
  formatReply: formatOpenAIResponsesReply,
  createStreamDecoder: createOpenAIResponsesStreamDecoder,
  createStreamEncoder: createOpenAIResponsesStreamEncoder,
  formatError: formatOpenAIResponsesError,
  parseError: parseOpenAIResponsesError,
};
