import type { ResponseFormat, ToolChoice, ToolDefinition } from '../neutral/request';
import type { Warning } from '../neutral/warning';
import { wireToolName } from '../shared/tool-names';
import { NO_PARAMETERS, TOOL_OUTER } from './hints';
import { isRecord } from './split-extra';
import { ownFields, warnExtra } from './warn-extra';

export function formatTool(tool: ToolDefinition, index: number, own: boolean, warnings: Warning[]): Record<string, unknown> {
  if (!own) warnExtra(tool.extra, `tools[${index}]`, warnings);
  const fn: Record<string, unknown> = { name: tool.name };
  if (tool.description !== undefined) fn.description = tool.description;
  if (!(own && tool.extra?.[NO_PARAMETERS] === true)) fn.parameters = tool.inputSchema;
  if (tool.strict !== undefined) fn.strict = tool.strict;
  const outer = own && isRecord(tool.extra?.[TOOL_OUTER]) ? tool.extra[TOOL_OUTER] : {};
  return { type: 'function', function: { ...fn, ...(own ? ownFields(tool.extra) : {}) }, ...outer };
}

export function formatToolChoice(choice: ToolChoice): unknown {
  switch (choice.type) {
    case 'auto':
    case 'none':
    case 'required':
      return choice.type;
    case 'tool':
      return { type: 'function', function: { name: wireToolName('openai-chat', choice.name, undefined) } };
    default: {
      const unreachable: never = choice;
      return unreachable;
    }
  }
}

/** `hint` is this codec's `$responseFormat` (own requests only). */
export function formatResponseFormat(format: ResponseFormat, hint: unknown): Record<string, unknown> {
  const h = isRecord(hint) ? hint : {};
  const outer = isRecord(h.outer) ? h.outer : {};
  switch (format.type) {
    case 'text':
      return { type: 'text', ...outer };
    case 'json':
      return { type: 'json_object', ...outer };
    case 'json-schema': {
      const inner = isRecord(h.inner) ? h.inner : {};
      const js: Record<string, unknown> = { name: format.name ?? 'response' };
      if (h.noSchema !== true) js.schema = format.schema;
      if (format.description !== undefined) js.description = format.description;
      if (format.strict !== undefined) js.strict = format.strict;
      return { type: 'json_schema', json_schema: { ...js, ...inner }, ...outer };
    }
    default: {
      const unreachable: never = format;
      return unreachable;
    }
  }
}
