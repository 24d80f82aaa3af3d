import type { Extra } from '../neutral/content';
import type { ToolChoice, ToolDefinition } from '../neutral/request';
import { parseWithSchema } from '../shared/parse-with-schema';
import { extraOrUndefined, restOf } from './extra-fields';
import { functionToolChoiceSchema, functionToolSchema, type RequestBody } from './openai-responses-api';

/** Request-extra key of the tools that are not functions (web_search, namespace, custom, …), kept verbatim. */
export const OTHER_TOOLS = 'other_tools';

export interface ParsedTools {
  tools: ToolDefinition[];
  /** Non-function tools, verbatim, and where they sat in `tools`. */
  other: Array<Record<string, unknown>>;
  otherAt: number[];
}

/** Function tools → neutral definitions; every other tool type is kept verbatim for the same protocol. */
export function parseTools(wire: NonNullable<RequestBody['tools']>): ParsedTools {
  const out: ParsedTools = { tools: [], other: [], otherAt: [] };
  wire.forEach((raw, index) => {
    if (raw.type !== 'function') {
      out.other.push(raw);
      out.otherAt.push(index);
      return;
    }
    const tool = parseWithSchema(functionToolSchema, withoutNulls(raw), ['tools', index]);
    const extra: Extra = restOf(tool, ['type', 'name', 'description', 'parameters', 'strict']);
    const nulls = nullKeys(raw);
    if (nulls.length > 0) extra.$nulls = nulls;
    if (tool.parameters === undefined && !nulls.includes('parameters')) extra.$noParameters = true;
    const definition: ToolDefinition = { name: tool.name, inputSchema: tool.parameters ?? { type: 'object', properties: {} } };
    if (tool.description !== undefined) definition.description = tool.description;
    if (tool.strict !== undefined) definition.strict = tool.strict;
    const kept = extraOrUndefined(extra);
    if (kept) definition.extra = kept;
    out.tools.push(definition);
  });
  return out;
}

/** `tool_choice` → neutral, or undefined when it has no neutral form (allowed_tools, a hosted tool): kept in extra. */
export function parseToolChoice(wire: NonNullable<RequestBody['tool_choice']>): ToolChoice | undefined {
  if (typeof wire === 'string') return { type: wire };
  if (wire.type !== 'function' || Object.keys(wire).length !== 2) return undefined;
  const choice = parseWithSchema(functionToolChoiceSchema, wire, ['tool_choice']);
  return { type: 'tool', name: choice.name };
}

const NULLABLE_TOOL_FIELDS = ['description', 'parameters', 'strict'];

function nullKeys(tool: Record<string, unknown>): string[] {
  return NULLABLE_TOOL_FIELDS.filter((key) => tool[key] === null);
}

function withoutNulls(tool: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(tool)) {
    if (!(NULLABLE_TOOL_FIELDS.includes(key) && tool[key] === null)) out[key] = tool[key];
  }
  return out;
}
