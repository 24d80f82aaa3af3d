import type { Extra } from '../neutral/content';
import type { ResponseFormat, ToolChoice, ToolDefinition } from '../neutral/request';
import { NO_PARAMETERS, TOOL_OUTER } from './hints';
import type { WireRequest } from './openai-chat-api';
import { splitExtra, withExtra } from './split-extra';

const TOOL_KEYS = new Set(['type', 'function']);
const FUNCTION_KEYS = new Set(['name', 'description', 'parameters', 'strict']);
const JSON_SCHEMA_KEYS = new Set(['name', 'schema', 'strict', 'description']);

type WireTool = NonNullable<WireRequest['tools']>[number];

export function parseTool(tool: WireTool): ToolDefinition {
  const fn = tool.function;
  let extra: Extra | undefined = splitExtra(fn, FUNCTION_KEYS);
  const outer = splitExtra(tool, TOOL_KEYS);
  if (outer) extra = withExtra(extra, { [TOOL_OUTER]: outer });
  if (fn.parameters === undefined) extra = withExtra(extra, { [NO_PARAMETERS]: true });
  return {
    name: fn.name,
    ...(fn.description !== undefined ? { description: fn.description } : {}),
    inputSchema: fn.parameters ?? {},
    ...(typeof fn.strict === 'boolean' ? { strict: fn.strict } : {}),
    ...(extra ? { extra } : {}),
  };
}

/** The neutral choice, or undefined for shapes it has no word for (allowed_tools, custom): those stay in `extra`. */
export function parseToolChoice(choice: NonNullable<WireRequest['tool_choice']>): ToolChoice | undefined {
  if (typeof choice === 'string') return { type: choice };
  if (choice.type === 'function' && 'function' in choice) {
    const fn = choice.function as { name: string };
    const extraKeys = Object.keys(choice).length !== 2 || Object.keys(fn).length !== 1;
    return extraKeys ? undefined : { type: 'tool', name: fn.name };
  }
  return undefined;
}

export interface ParsedResponseFormat {
  format: ResponseFormat;
  /** What the neutral format flattens: unmapped keys, and whether `schema` was absent. */
  hint?: Extra;
}

export function parseResponseFormat(format: NonNullable<WireRequest['response_format']>): ParsedResponseFormat {
  switch (format.type) {
    case 'text':
    case 'json_object': {
      const outer = splitExtra(format, new Set(['type']));
      return { format: { type: format.type === 'text' ? 'text' : 'json' }, ...(outer ? { hint: { outer } } : {}) };
    }
    case 'json_schema': {
      const outer = splitExtra(format, new Set(['type', 'json_schema']));
      const js = format.json_schema;
      const inner = splitExtra(js, JSON_SCHEMA_KEYS);
      const hint = withExtra(undefined, { outer, inner, noSchema: js.schema === undefined ? true : undefined });
      return {
        format: {
          type: 'json-schema',
          schema: js.schema ?? {},
          name: js.name,
          ...(js.description !== undefined ? { description: js.description } : {}),
          ...(typeof js.strict === 'boolean' ? { strict: js.strict } : {}),
        },
        ...(hint ? { hint } : {}),
      };
    }
    default: {
      const unreachable: never = format;
      return unreachable;
    }
  }
}
