import { checkToolChoice } from '../shared/check-tool-choice';
import type { Codec } from '../codec';
import { openaiChatWire } from './openai-chat-wire';
import { SSE_COMMENT_KEEP_ALIVE } from '../shared/sse';
import { formatOpenAIChatReply } from './format-openai-chat-reply';
import { formatOpenAIChatRequest } from './format-openai-chat-request';
import { formatOpenAIChatError, parseOpenAIChatError } from './openai-chat-error';
import { OpenAIChatStreamDecoder } from './openai-chat-stream-decoder';
import { OpenAIChatStreamEncoder } from './openai-chat-stream-encoder';
import { parseOpenAIChatReply } from './parse-openai-chat-reply';
import { parseOpenAIChatRequest } from './parse-openai-chat-request';
import { refuseNothingToAnswer } from '../shared/nothing-to-answer';

/** OpenAI Chat Completions (`POST /v1/chat/completions`), both directions. */
export const openaiChatCodec: Codec = {
  protocol: 'openai-chat',
  wire: openaiChatWire,
  keepAlive: SSE_COMMENT_KEEP_ALIVE,
  streamContentType: 'text/event-stream',
  parseRequest: (body) => {
    const request = checkToolChoice(parseOpenAIChatRequest(body), 'tool_choice.function.name');
    refuseNothingToAnswer(body, 'messages', 'send at least one message');
    return request;
  },
  formatRequest: formatOpenAIChatRequest,
  parseReply: parseOpenAIChatReply,
  formatReply: (reply) => formatOpenAIChatReply(reply),
  createStreamDecoder: () => new OpenAIChatStreamDecoder(),
  createStreamEncoder: (options) => new OpenAIChatStreamEncoder(options),
  formatError: formatOpenAIChatError,
  parseError: parseOpenAIChatError,
};
