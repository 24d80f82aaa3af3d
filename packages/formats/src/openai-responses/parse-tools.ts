import type { Extra } from '../neutral/content';
import type { ToolChoice, ToolDefinition, ToolNamespace } from '../neutral/request';
import { freeformInputSchema } from '../shared/freeform-input';
import { parseWithSchema } from '../shared/parse-with-schema';
import { extraOrUndefined, isRecord, restOf } from './extra-fields';
import { customToolSchema, functionToolChoiceSchema, functionToolSchema, type RequestBody } from './openai-responses-api';

/** Request-extra key of the tools that are not functions (web_search, namespace, custom, …), kept verbatim. */
export const OTHER_TOOLS = 'other_tools';

export interface ParsedTools {
  tools: ToolDefinition[];
  /** Non-function tools, verbatim, and where they sat in `tools`. */
  other: Array<Record<string, unknown>>;
  otherAt: number[];
}

/**
 * Function and custom (freeform) tools, and namespaces of them, → neutral
 * definitions; every other tool type (and a namespace holding one) is kept
 * verbatim for the same protocol.
 */
export function parseTools(wire: NonNullable<RequestBody['tools']>): ParsedTools {
  const out: ParsedTools = { tools: [], other: [], otherAt: [] };
  wire.forEach((raw, index) => {
    if (isNeutralTool(raw)) {
      out.tools.push(parseTool(raw, ['tools', index]));
      return;
    }
    const namespace = namespaceOf(raw);
    if (namespace) {
      const members = raw.tools as Array<Record<string, unknown>>;
      members.forEach((member, at) => out.tools.push({ ...parseTool(member, ['tools', index, 'tools', at]), namespace }));
      return;
    }
    out.other.push(raw);
    out.otherAt.push(index);
  });
  return out;
}

/** A `namespace` tool whose members are all functions or custom tools, as the neutral group they share; undefined for any other. */
function namespaceOf(raw: Record<string, unknown>): ToolNamespace | undefined {
  const { name, description, tools } = raw;
  if (raw.type !== 'namespace' || typeof name !== 'string' || name === '') return undefined;
  if (description !== undefined && typeof description !== 'string') return undefined;
  if (!Array.isArray(tools) || tools.length === 0 || !tools.every((tool) => isRecord(tool) && isNeutralTool(tool))) return undefined;
  const namespace: ToolNamespace = { name };
  if (description !== undefined) namespace.description = description;
  const extra = extraOrUndefined(restOf(raw, ['type', 'name', 'description', 'tools']));
  if (extra) namespace.extra = extra;
  return namespace;
}

function isNeutralTool(raw: Record<string, unknown>): boolean {
  return raw.type === 'function' || raw.type === 'custom';
}

function parseTool(raw: Record<string, unknown>, path: Array<string | number>): ToolDefinition {
  return raw.type === 'custom' ? parseCustomTool(raw, path) : parseFunctionTool(raw, path);
}

/** A custom tool: one that takes raw text, in a format (plain, or a grammar) given with it. */
function parseCustomTool(raw: Record<string, unknown>, path: Array<string | number>): ToolDefinition {
  const tool = parseWithSchema(customToolSchema, raw, path);
  const definition: ToolDefinition = {
    name: tool.name,
    inputSchema: freeformInputSchema(),
    freeform: tool.format === undefined ? {} : { format: tool.format },
  };
  if (tool.description !== undefined) definition.description = tool.description;
  const extra = extraOrUndefined(restOf(tool, ['type', 'name', 'description', 'format']));
  if (extra) definition.extra = extra;
  return definition;
}

function parseFunctionTool(raw: Record<string, unknown>, path: Array<string | number>): ToolDefinition {
  const tool = parseWithSchema(functionToolSchema, withoutNulls(raw), path);
  const extra: Extra = restOf(tool, ['type', 'name', 'description', 'parameters', 'strict']);
  const nulls = nullKeys(raw);
  if (nulls.length > 0) extra.$nulls = nulls;
  if (tool.parameters === undefined && !nulls.includes('parameters')) extra.$noParameters = true;
  const definition: ToolDefinition = { name: tool.name, inputSchema: tool.parameters ?? { type: 'object', properties: {} } };
  if (tool.description !== undefined) definition.description = tool.description;
  if (tool.strict !== undefined) definition.strict = tool.strict;
  const kept = extraOrUndefined(extra);
  if (kept) definition.extra = kept;
  return definition;
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
