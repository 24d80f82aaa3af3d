import type { UpstreamRequest } from '../codec';
import type { Extra } from '../neutral/content';
import type { NeutralRequest, ReasoningConfig, ResponseFormat, ToolChoice, ToolDefinition } from '../neutral/request';
import type { Warning } from '../neutral/warning';
import { wireToolName } from '../shared/tool-names';
import { isRecord, warnForeignExtra, wireFields } from './extra-fields';
import { formatInputItems, placeItems, type PlacedItem } from './format-input-items';
import { formatSystem } from './format-system';
import { OTHER_INPUT_ITEMS } from './parse-openai-responses-request';
import { OTHER_TOOLS } from './parse-tools';

/** A neutral request → a Responses request body for `POST /responses`. */
export function formatOpenAIResponsesRequest(request: NeutralRequest): UpstreamRequest {
  const same = request.origin === 'openai-responses';
  const extra = request.extra;
  const warnings: Warning[] = [];
  const body: Record<string, unknown> = same ? wireFieldsExcept(extra, [OTHER_INPUT_ITEMS, OTHER_TOOLS]) : {};
  if (!same) warnForeignExtra(extra, '', warnings);
  body.model = request.model;

  const system = formatSystem(request.system, same, warnings);
  if (system.instructions !== undefined) body.instructions = system.instructions;
  const placed: PlacedItem[] = [...system.placed, ...(same ? placedOf(extra[OTHER_INPUT_ITEMS], extra.$otherItemsAt) : [])];
  const input = formatInputItems(request.messages, placed, same, warnings);
  const onlyText = singleUserText(request);
  if (same && extra.$input === 'string' && placed.length === 0 && onlyText !== undefined) body.input = onlyText;
  else if (!(same && extra.$input === 'absent' && input.length === 0)) body.input = input;

  if (request.tools !== undefined) {
    const tools = formatTools(request.tools, same, warnings);
    body.tools = same ? placeItems(tools, placedOf(extra[OTHER_TOOLS], extra.$otherToolsAt)) : tools;
  }
  if (request.toolChoice !== undefined) body.tool_choice = formatToolChoice(request.toolChoice);
  if (request.parallelToolCalls !== undefined) body.parallel_tool_calls = request.parallelToolCalls;
  if (request.responseFormat !== undefined) {
    const base = same && isRecord(extra.text) ? extra.text : {};
    const rest = same && isRecord(extra.$textFormat) ? extra.$textFormat : {};
    body.text = { ...base, format: { ...rest, ...formatResponseFormat(request.responseFormat) } };
  }
  if (request.reasoning !== undefined) {
    const reasoning = formatReasoning(request.reasoning, same ? extra : undefined, warnings);
    if (reasoning) body.reasoning = reasoning;
  }
  if (request.maxOutputTokens !== undefined) body.max_output_tokens = request.maxOutputTokens;
  if (request.temperature !== undefined) body.temperature = request.temperature;
  if (request.topP !== undefined) body.top_p = request.topP;
  if (request.sessionKey !== undefined) body.prompt_cache_key = request.sessionKey;
  if (!(same && extra.$noStream === true && !request.stream)) body.stream = request.stream;
  if (same && Array.isArray(extra.$nulls)) {
    for (const key of extra.$nulls) if (typeof key === 'string' && body[key] === undefined) body[key] = null;
  }
  warnUnheld(request, warnings);
  return { path: '/responses', body, warnings };
}

function wireFieldsExcept(extra: Extra, keys: ReadonlyArray<string>): Record<string, unknown> {
  const out = wireFields(extra);
  for (const key of keys) delete out[key];
  return out;
}

function placedOf(items: unknown, at: unknown): PlacedItem[] {
  if (!Array.isArray(items) || !Array.isArray(at)) return [];
  const out: PlacedItem[] = [];
  items.forEach((item, index) => {
    const position = at[index];
    if (isRecord(item) && typeof position === 'number') out.push({ at: position, item });
  });
  return out;
}

function singleUserText(request: NeutralRequest): string | undefined {
  const [message, ...rest] = request.messages;
  const [part, ...more] = message?.role === 'user' ? message.content : [];
  if (rest.length > 0 || more.length > 0 || part?.type !== 'text' || message?.extra) return undefined;
  return part.extra ? undefined : part.text;
}

/** Function and custom tools, each run of one namespace's members gathered back into its `namespace` tool. */
function formatTools(tools: ToolDefinition[], same: boolean, warnings: Warning[]): Array<Record<string, unknown>> {
  const out: Array<Record<string, unknown>> = [];
  let group: { name: string; tools: Array<Record<string, unknown>> } | undefined;
  tools.forEach((tool, index) => {
    const formatted = formatTool(tool, same, index, warnings);
    const namespace = tool.namespace;
    if (namespace === undefined) {
      group = undefined;
      out.push(formatted);
    } else if (group?.name === namespace.name) {
      group.tools.push(formatted);
    } else {
      if (!same) warnForeignExtra(namespace.extra, `tools[${index}].namespace`, warnings);
      const wire: Record<string, unknown> = same ? wireFields(namespace.extra) : {};
      group = { name: namespace.name, tools: [formatted] };
      Object.assign(wire, { type: 'namespace', name: namespace.name });
      if (namespace.description !== undefined) wire.description = namespace.description;
      wire.tools = group.tools;
      out.push(wire);
    }
  });
  return out;
}

function formatTool(tool: ToolDefinition, same: boolean, index: number, warnings: Warning[]): Record<string, unknown> {
  if (!same) warnForeignExtra(tool.extra, `tools[${index}]`, warnings);
  const out: Record<string, unknown> = same ? wireFields(tool.extra) : {};
  if (tool.freeform !== undefined) {
    out.type = 'custom';
    out.name = wireToolName('openai-responses', tool.name, undefined);
    if (tool.description !== undefined) out.description = tool.description;
    if (tool.freeform.format !== undefined) out.format = tool.freeform.format;
    return out;
  }
  out.type = 'function';
  out.name = wireToolName('openai-responses', tool.name, undefined);
  if (tool.description !== undefined) out.description = tool.description;
  if (!(same && tool.extra?.$noParameters === true)) out.parameters = tool.inputSchema;
  if (tool.strict !== undefined) out.strict = tool.strict;
  else if (!same) out.strict = false;
  const nulls = same ? tool.extra?.$nulls : undefined;
  if (Array.isArray(nulls)) for (const key of nulls) if (typeof key === 'string') out[key] = null;
  return out;
}

function formatToolChoice(choice: ToolChoice): unknown {
  return choice.type === 'tool' ? { type: 'function', name: wireToolName('openai-responses', choice.name, undefined) } : choice.type;
}

function formatResponseFormat(format: ResponseFormat): Record<string, unknown> {
  switch (format.type) {
    case 'text':
      return { type: 'text' };
    case 'json':
      return { type: 'json_object' };
    case 'json-schema': {
      const out: Record<string, unknown> = { type: 'json_schema', name: format.name ?? 'response', schema: format.schema };
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

const BUDGET_EFFORTS: ReadonlyArray<[number, NonNullable<ReasoningConfig['effort']>]> = [
  [0, 'none'],
  [2048, 'low'],
  [12288, 'medium'],
];

function formatReasoning(config: ReasoningConfig, extra: Extra | undefined, warnings: Warning[]): Record<string, unknown> | undefined {
  const kept = extra?.$reasoning ?? extra?.reasoning;
  const out: Record<string, unknown> = isRecord(kept) ? { ...kept } : {};
  let effort = config.effort;
  if (effort === undefined && config.budgetTokens !== undefined) {
    effort = BUDGET_EFFORTS.find(([limit]) => config.budgetTokens! <= limit)?.[1] ?? 'high';
    warnings.push({
      code: 'converted',
      path: 'reasoning.budgetTokens',
      message: `OpenAI Responses takes an effort, not a token budget: ${config.budgetTokens} tokens sent as effort "${effort}"`,
    });
  }
  if (effort !== undefined) out.effort = effort;
  if (!extra && config.enabled === true && effort !== 'none') out.summary = 'auto';
  if (!extra && config.enabled === false && effort === undefined) return undefined;
  return !extra && Object.keys(out).length === 0 ? undefined : out;
}

function warnUnheld(request: NeutralRequest, warnings: Warning[]): void {
  if (request.stop !== undefined && request.stop.length > 0) {
    warnings.push({ code: 'dropped', path: 'stop', message: 'OpenAI Responses has no stop sequences; they were not sent' });
  }
  if (request.topK !== undefined) warnings.push({ code: 'dropped', path: 'topK', message: 'OpenAI Responses has no top_k; it was not sent' });
  if (request.seed !== undefined) warnings.push({ code: 'dropped', path: 'seed', message: 'OpenAI Responses has no seed; it was not sent' });
}
