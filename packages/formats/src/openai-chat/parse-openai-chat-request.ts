import type { NeutralRequest } from '../neutral/request';
import { parseClientBody } from './describe-issues';
import { MAX_TOKENS_FIELD, RESPONSE_FORMAT, STOP_STRING, STREAM_ABSENT, STREAM_OPTIONS } from './hints';
import { requestSchema, type WireRequest } from './openai-chat-api';
import { parseMessages } from './parse-openai-chat-messages';
import { parseResponseFormat, parseTool, parseToolChoice } from './parse-openai-chat-tools';
import { passesRequestSchema } from './passes-request-schema';
import { isRecord, splitExtra, withExtra, withoutNulls } from './split-extra';

const MAPPED = new Set([
  'model',
  'messages',
  'tools',
  'tool_choice',
  'parallel_tool_calls',
  'response_format',
  'max_tokens',
  'max_completion_tokens',
  'temperature',
  'top_p',
  'stop',
  'seed',
  'stream',
  'stream_options',
  'reasoning_effort',
  'prompt_cache_key',
]);

/** A client's Chat Completions body → neutral request; throws InvalidRequestError naming the field. */
export function parseOpenAIChatRequest(body: unknown): NeutralRequest {
  // Top-level nulls mean "default": they are kept verbatim in `extra`, not validated.
  const input = isRecord(body) ? withoutNulls(body) : body;
  // The common valid request is checked by hand; zod checks (and explains) anything else, so every error stays its own.
  if (!passesRequestSchema(input)) parseClientBody(requestSchema, input);
  // The schemas only check (no defaults, no transforms), so the input itself is the typed request; reading it rather
  // than zod's copy keeps unknown keys exactly as sent, a JSON `__proto__` key included.
  const wire = input as WireRequest;
  let extra = isRecord(body) ? splitExtra(body, MAPPED) : undefined;
  const { system, systemBeforeReplies, messages } = parseMessages(wire.messages);

  const request: NeutralRequest = { origin: 'openai-chat', model: wire.model, system, messages, stream: wire.stream ?? false, extra: {} };
  if (systemBeforeReplies !== undefined) request.systemBeforeReplies = systemBeforeReplies;
  if (wire.stream === undefined) extra = withExtra(extra, { [STREAM_ABSENT]: true });
  if (wire.tools) request.tools = wire.tools.map(parseTool);
  if (wire.tool_choice !== undefined) {
    const choice = parseToolChoice(wire.tool_choice);
    if (choice) request.toolChoice = choice;
    else extra = withExtra(extra, { tool_choice: wire.tool_choice });
  }
  if (wire.parallel_tool_calls !== undefined) request.parallelToolCalls = wire.parallel_tool_calls;
  if (wire.response_format) {
    const parsed = parseResponseFormat(wire.response_format);
    request.responseFormat = parsed.format;
    if (parsed.hint) extra = withExtra(extra, { [RESPONSE_FORMAT]: parsed.hint });
  }
  if (wire.max_completion_tokens !== undefined) {
    request.maxOutputTokens = wire.max_completion_tokens;
    extra = withExtra(extra, { [MAX_TOKENS_FIELD]: 'max_completion_tokens' });
    // Both sent: the newer field is the budget, the older one rides along unchanged.
    if (wire.max_tokens !== undefined) extra = withExtra(extra, { max_tokens: wire.max_tokens });
  } else if (wire.max_tokens !== undefined) {
    request.maxOutputTokens = wire.max_tokens;
    extra = withExtra(extra, { [MAX_TOKENS_FIELD]: 'max_tokens' });
  }
  if (wire.temperature !== undefined) request.temperature = wire.temperature;
  if (wire.top_p !== undefined) request.topP = wire.top_p;
  if (wire.stop !== undefined) {
    request.stop = typeof wire.stop === 'string' ? [wire.stop] : wire.stop;
    if (typeof wire.stop === 'string') extra = withExtra(extra, { [STOP_STRING]: true });
  }
  if (wire.seed !== undefined) request.seed = wire.seed;
  if (wire.stream_options) {
    const { include_usage, ...rest } = wire.stream_options;
    if (include_usage !== undefined) request.streamUsage = include_usage;
    extra = withExtra(extra, { [STREAM_OPTIONS]: rest });
  }
  if (wire.reasoning_effort !== undefined) request.reasoning = { effort: wire.reasoning_effort };
  if (wire.prompt_cache_key !== undefined) request.sessionKey = wire.prompt_cache_key;
  request.extra = extra ?? {};
  return request;
}
