import { checkToolChoice } from '../shared/check-tool-choice';
import type { Codec } from '../codec';
import { anthropicWire } from './anthropic-wire';
import { formatAnthropicError, parseAnthropicError } from './anthropic-error';
import { createAnthropicStreamDecoder } from './anthropic-stream-decoder';
import { ANTHROPIC_PING, createAnthropicStreamEncoder } from './anthropic-stream-encoder';
import { formatAnthropicReply } from './format-anthropic-reply';
import { formatAnthropicRequest } from './format-anthropic-request';
import { parseAnthropicReply } from './parse-anthropic-reply';
import { parseAnthropicRequest } from './parse-anthropic-request';
import { refuseNothingToAnswer } from '../shared/nothing-to-answer';

export { parseCountTokensRequest } from './parse-anthropic-request';

/**
 * Anthropic Messages (`POST /v1/messages`), both directions.
 *
 * What parseRequest keeps in `extra` (written back by formatRequest when `origin` is 'anthropic'):
 * - wire fields it does not map, on their node (top level: `metadata`, `context_management`, `service_tier`, …;
 *   blocks: `cache_control`, `citations`, …; tools: `cache_control`, `eager_input_streaming`, `type: "custom"`, …);
 * - the unmapped rest of a mapped sub-object under its own key: `thinking` (`display`, or a whole unknown type),
 *   `output_config` (`effort: "max"`, other keys), `tool_choice`, and an image's or a document's `source`;
 * - wire items the neutral model has no place for, with their positions: `server_tools` (tools with a `type`
 *   such as web_search_20250305) and `other_blocks` (documents with a text, content or file source, any document
 *   in an assistant turn, search results, server tool blocks, file images);
 * - `$` shape hints: `$system` ('string' | 'empty-array'), `$contentString`, `$noContent`, `$streamAbsent`,
 *   `$systemMessage` (a `role: "system"` message's index in `messages`: its parts sit in `system`),
 *   `$messageExtra`, `$emptySystemMessages`, and `$billingHeader` (Claude Code's first system block, set
 *   aside: see billing-header.ts).
 */
export const anthropicCodec: Codec = {
  protocol: 'anthropic',
  wire: anthropicWire,
  keepAlive: ANTHROPIC_PING,
  streamContentType: 'text/event-stream',
  parseRequest: (body) => {
    const request = checkToolChoice(parseAnthropicRequest(body), 'tool_choice.name');
    refuseNothingToAnswer(body, 'messages', 'send at least one message');
    return request;
  },
  formatRequest: formatAnthropicRequest,
  parseReply: parseAnthropicReply,
  formatReply: (reply) => formatAnthropicReply(reply),
  createStreamDecoder: createAnthropicStreamDecoder,
  createStreamEncoder: createAnthropicStreamEncoder,
  formatError: formatAnthropicError,
  parseError: parseAnthropicError,
};
