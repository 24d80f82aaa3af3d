import type { UpstreamRequest } from '../codec';
import type { NeutralRequest } from '../neutral/request';
import type { Warning } from '../neutral/warning';
import { formatMessage } from './format-openai-chat-messages';
import { formatSystem } from './format-openai-chat-system';
import { formatResponseFormat, formatTool, formatToolChoice } from './format-openai-chat-tools';
import { MAX_TOKENS_FIELD, RESPONSE_FORMAT, STOP_STRING, STREAM_ABSENT, STREAM_OPTIONS } from './hints';
import { isRecord } from './split-extra';
import { dropped, ownFields, warnExtra } from './warn-extra';
import { plainFunctionTools } from '../shared/tool-names';

/** A neutral request → a Chat Completions body for `/chat/completions`, with a warning for each thing it cannot hold. */
export function formatOpenAIChatRequest(request: NeutralRequest): UpstreamRequest {
  const own = request.origin === 'openai-chat';
  const warnings: Warning[] = [];
  const hints = own ? request.extra : {};
  if (!own) warnExtra(request.extra, '', warnings);

  const messages: Array<Record<string, unknown>> = [];
  const system = formatSystem(request.system, own, warnings);
  let next = 0;
  const placeSystem = (all: boolean) => {
    while (next < system.length && (all || system[next]!.at <= messages.length)) messages.push(system[next++]!.message);
  };
  request.messages.forEach((message, index) => {
    placeSystem(false);
    messages.push(...formatMessage(message, index, own, warnings));
  });
  placeSystem(true);

  const body: Record<string, unknown> = { ...(own ? ownFields(request.extra) : {}), model: request.model, messages };
  if (request.tools) body.tools = plainFunctionTools(request.tools, 'openai-chat').map((tool, index) => formatTool(tool, index, own, warnings));
  // OpenAI refuses tool_choice and parallel_tool_calls without tools: from another protocol they are dropped, with a warning.
  const toolless = !own && !request.tools?.length;
  if (request.toolChoice) {
    if (toolless) dropped(warnings, 'toolChoice', 'a tool choice without tools');
    else body.tool_choice = formatToolChoice(request.toolChoice);
  }
  if (request.parallelToolCalls !== undefined) {
    if (toolless) dropped(warnings, 'parallelToolCalls', 'parallel_tool_calls without tools');
    else body.parallel_tool_calls = request.parallelToolCalls;
  }
  if (request.responseFormat) body.response_format = formatResponseFormat(request.responseFormat, hints[RESPONSE_FORMAT]);
  if (request.maxOutputTokens !== undefined) {
    // Every OpenAI-compatible server takes `max_tokens`; an own request keeps the field it used.
    const field = hints[MAX_TOKENS_FIELD] === 'max_completion_tokens' ? 'max_completion_tokens' : 'max_tokens';
    body[field] = request.maxOutputTokens;
  }
  if (request.temperature !== undefined) body.temperature = request.temperature;
  if (request.topP !== undefined) body.top_p = request.topP;
  if (request.topK !== undefined) dropped(warnings, 'topK', 'top_k');
  if (request.stop !== undefined) body.stop = hints[STOP_STRING] === true && request.stop.length === 1 ? request.stop[0] : request.stop;
  if (request.seed !== undefined) body.seed = request.seed;
  if (request.reasoning) {
    const { effort, budgetTokens, enabled } = request.reasoning;
    if (effort !== undefined) body.reasoning_effort = effort;
    if (budgetTokens !== undefined) dropped(warnings, 'reasoning.budgetTokens', 'a reasoning token budget (only reasoning_effort)');
    if (enabled !== undefined && effort === undefined) dropped(warnings, 'reasoning.enabled', 'a reasoning on/off switch (only reasoning_effort)');
  }
  if (request.stream) body.stream = true;
  else if (!(hints[STREAM_ABSENT] === true)) body.stream = false;
  const streamOptions = isRecord(hints[STREAM_OPTIONS]) ? { ...hints[STREAM_OPTIONS] } : undefined;
  if (own) {
    if (streamOptions || request.streamUsage !== undefined) {
      body.stream_options = { ...streamOptions, ...(request.streamUsage !== undefined ? { include_usage: request.streamUsage } : {}) };
    }
  } else if (request.stream) {
    // Other protocols always end a stream with usage: ask for it.
    body.stream_options = { include_usage: request.streamUsage ?? true };
  }
  if (request.sessionKey !== undefined && own) body.prompt_cache_key = request.sessionKey;
  return { path: '/chat/completions', body, warnings };
}
