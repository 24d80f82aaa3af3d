import type { Codec } from '../codec';
import { formatAnthropicError, parseAnthropicError } from './anthropic-error';
import { createAnthropicStreamDecoder } from './anthropic-stream-decoder';
import { ANTHROPIC_PING, createAnthropicStreamEncoder } from './anthropic-stream-encoder';
import { formatAnthropicReply } from './format-anthropic-reply';
import { formatAnthropicRequest } from './format-anthropic-request';
import { parseAnthropicReply } from './parse-anthropic-reply';
import { parseAnthropicRequest } from './parse-anthropic-request';

export { parseCountTokensRequest } from './parse-anthropic-request';

/** Anthropic Messages (`POST /v1/messages`), both directions. */
export const anthropicCodec: Codec = {
  protocol: 'anthropic',
  keepAlive: ANTHROPIC_PING,
  streamContentType: 'text/event-stream',
  parseRequest: (body) => parseAnthropicRequest(body),
  formatRequest: formatAnthropicRequest,
  parseReply: parseAnthropicReply,
  formatReply: (reply) => formatAnthropicReply(reply),
  createStreamDecoder: createAnthropicStreamDecoder,
  createStreamEncoder: createAnthropicStreamEncoder,
  formatError: formatAnthropicError,
  parseError: parseAnthropicError,
};
