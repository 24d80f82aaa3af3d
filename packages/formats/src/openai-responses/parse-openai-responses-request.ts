import { InvalidRequestError } from '../errors/invalid-request-error';
import type { Extra, TextPart } from '../neutral/content';
import type { NeutralRequest, ReasoningConfig, ResponseFormat } from '../neutral/request';
import { parseWithSchema } from '../shared/parse-with-schema';
import { isRecord, restOf } from './extra-fields';
import { requestBodySchema, textFormatSchema, type RequestBody } from './openai-responses-api';
import { parseInputItems } from './parse-input-items';
import { OTHER_TOOLS, parseToolChoice, parseTools } from './parse-tools';

/** Request-extra key of input items the neutral model has no node for, kept verbatim (with `$otherItemsAt`). */
export const OTHER_INPUT_ITEMS = 'other_input_items';

/** Top-level fields this codec maps; a `null` in one of them is kept as a `$nulls` hint. */
const MAPPED = [
  'instructions',
  'input',
  'tools',
  'tool_choice',
  'parallel_tool_calls',
  'text',
  'max_output_tokens',
  'temperature',
  'top_p',
  'reasoning',
  'prompt_cache_key',
  'stream',
] as const;

/** A Responses request body (from a client) → the neutral request. Throws InvalidRequestError naming the field. */
export function parseOpenAIResponsesRequest(body: unknown): NeutralRequest {
  if (!isRecord(body)) throw new InvalidRequestError([{ path: '', message: 'expected a JSON object' }]);
  const nulls = MAPPED.filter((key) => body[key] === null);
  const wire = parseWithSchema(requestBodySchema, withoutKeys(body, nulls));
  const extra: Extra = restOf(wire, ['model', ...MAPPED]);
  if (nulls.length > 0) extra.$nulls = nulls;

  const system: TextPart[] = [];
  if (wire.instructions !== undefined) system.push({ type: 'text', text: wire.instructions, extra: { $instructions: true } });
  const request: NeutralRequest = {
    origin: 'openai-responses',
    model: wire.model,
    system,
    messages: [],
    stream: wire.stream ?? false,
    extra,
  };
  if (wire.stream === undefined) extra.$noStream = true;

  if (typeof wire.input === 'string') {
    request.messages.push({ role: 'user', content: [{ type: 'text', text: wire.input }] });
    extra.$input = 'string';
  } else if (wire.input !== undefined) {
    const parsed = parseInputItems(wire.input);
    if (parsed.systemBeforeReplies !== undefined) request.systemBeforeReplies = system.length + parsed.systemBeforeReplies;
    system.push(...parsed.system);
    request.messages = parsed.messages;
    if (parsed.unmapped.length > 0) {
      extra[OTHER_INPUT_ITEMS] = parsed.unmapped.map((entry) => entry.item);
      extra.$otherItemsAt = parsed.unmapped.map((entry) => entry.at);
    }
  } else {
    extra.$input = 'absent';
  }

  if (wire.tools !== undefined) {
    const parsed = parseTools(wire.tools);
    request.tools = parsed.tools;
    if (parsed.other.length > 0) {
      extra[OTHER_TOOLS] = parsed.other;
      extra.$otherToolsAt = parsed.otherAt;
    }
  }
  if (wire.tool_choice !== undefined) {
    const choice = parseToolChoice(wire.tool_choice);
    if (choice) request.toolChoice = choice;
    else extra.tool_choice = wire.tool_choice;
  }
  if (wire.parallel_tool_calls !== undefined) request.parallelToolCalls = wire.parallel_tool_calls;
  if (wire.text !== undefined) parseText(wire.text, request, extra);
  if (wire.reasoning !== undefined) parseReasoning(wire.reasoning, request, extra);
  if (wire.max_output_tokens !== undefined) request.maxOutputTokens = wire.max_output_tokens;
  if (wire.temperature !== undefined) request.temperature = wire.temperature;
  if (wire.top_p !== undefined) request.topP = wire.top_p;
  if (wire.prompt_cache_key !== undefined) request.sessionKey = wire.prompt_cache_key;
  return request;
}

/** `text.format` → responseFormat; the rest of `text` (verbosity, …) stays in extra as `text`. */
function parseText(text: NonNullable<RequestBody['text']>, request: NeutralRequest, extra: Extra): void {
  const rest = restOf(text, ['format']);
  if (text.format !== undefined) {
    const format = parseWithSchema(textFormatSchema, text.format, ['text', 'format']);
    request.responseFormat = responseFormatOf(format);
    const formatRest = restOf(format, ['type', 'name', 'schema', 'description', 'strict']);
    if (Object.keys(formatRest).length > 0) extra.$textFormat = formatRest;
  }
  if (Object.keys(rest).length > 0 || text.format === undefined) extra.text = rest;
}

function responseFormatOf(format: ReturnType<typeof textFormatSchema.parse>): ResponseFormat {
  switch (format.type) {
    case 'text':
      return { type: 'text' };
    case 'json_object':
      return { type: 'json' };
    case 'json_schema': {
      const out: ResponseFormat = { type: 'json-schema', schema: format.schema, name: format.name };
      if (format.description !== undefined) out.description = format.description;
      if (format.strict !== undefined) out.strict = format.strict;
      return out;
    }
    default: {
      const unreachable: never = format;
      return unreachable;
    }
  }
}

/** `reasoning.effort` → neutral effort; a summary asked for → `enabled`; the rest (summary, …) kept in extra. */
function parseReasoning(reasoning: NonNullable<RequestBody['reasoning']>, request: NeutralRequest, extra: Extra): void {
  const config: ReasoningConfig = {};
  const effort = reasoning.effort;
  if (effort !== undefined && effort !== null) config.effort = effort;
  const summary = reasoning.summary;
  if (typeof summary === 'string' && summary !== 'none') config.enabled = true;
  request.reasoning = config;
  const rest = restOf(reasoning, effort !== undefined && effort !== null ? ['effort'] : []);
  const onlySummary = Object.keys(rest).every((key) => key === 'summary');
  if (Object.keys(rest).length > 0) extra[onlySummary ? '$reasoning' : 'reasoning'] = rest;
}

function withoutKeys(body: Record<string, unknown>, keys: ReadonlyArray<string>): Record<string, unknown> {
  if (keys.length === 0) return body;
  return restOf(body, keys);
}
