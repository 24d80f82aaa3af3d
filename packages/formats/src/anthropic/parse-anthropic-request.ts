import type { NeutralRequest } from '../neutral/request';
import { parseWithSchema } from '../shared/parse-with-schema';
import { countTokensRequestSchema, requestSchema } from './anthropic-api';
import { restOf } from './extra-fields';
import { parseMessagesAndSystem } from './parse-anthropic-messages';
import { parseOptions } from './parse-anthropic-options';

const MAPPED = [
  'model',
  'messages',
  'system',
  'tools',
  'tool_choice',
  'max_tokens',
  'temperature',
  'top_p',
  'top_k',
  'stop_sequences',
  'stream',
  'thinking',
  'output_config',
];

/** A client's Messages body → neutral request; throws InvalidRequestError naming the field. */
export function parseAnthropicRequest(body: unknown): NeutralRequest {
  return parseBody(parseWithSchema(requestSchema, body));
}

/** A `/v1/messages/count_tokens` body: the same as a Messages body, but without `max_tokens` and `stream`. */
export function parseCountTokensRequest(body: unknown): NeutralRequest {
  return parseBody(parseWithSchema(countTokensRequestSchema, body));
}

function parseBody(body: ReturnType<typeof countTokensRequestSchema.parse>): NeutralRequest {
  const extra = restOf(body, MAPPED) ?? {};
  const { system, systemBeforeReplies, messages } = parseMessagesAndSystem(body, extra);
  const request: NeutralRequest = { origin: 'anthropic', model: body.model, system, messages, stream: body.stream ?? false, extra };
  if (systemBeforeReplies !== undefined) request.systemBeforeReplies = systemBeforeReplies;
  Object.assign(request, parseOptions(body, extra));
  if (body.max_tokens !== undefined) request.maxOutputTokens = body.max_tokens;
  if (body.temperature !== undefined) request.temperature = body.temperature;
  if (body.top_p !== undefined) request.topP = body.top_p;
  if (body.top_k !== undefined) request.topK = body.top_k;
  if (body.stop_sequences !== undefined) request.stop = body.stop_sequences;
  if (body.stream === undefined) extra.$streamAbsent = true;
  return request;
}
