import type { Extra } from '../neutral/content';
import type { NeutralRequest, ToolChoice, ToolDefinition } from '../neutral/request';
import type { Warning } from '../neutral/warning';
import { isRecord, warnForeignExtra, writeOwnExtra } from './gemini-extra';
import type { ToolsLayoutEntry } from './parse-gemini-tools';
import { toGeminiSchema } from './to-gemini-schema';
import { plainFunctionTools, wireToolName } from '../shared/tool-names';

export function formatGeminiToolConfig(choice: ToolChoice): Record<string, unknown> {
  switch (choice.type) {
    case 'auto':
      return { functionCallingConfig: { mode: 'AUTO' } };
    case 'none':
      return { functionCallingConfig: { mode: 'NONE' } };
    case 'required':
      return { functionCallingConfig: { mode: 'ANY' } };
    case 'tool':
      return { functionCallingConfig: { mode: 'ANY', allowedFunctionNames: [wireToolName('gemini', choice.name, undefined)] } };
    default: {
      const unreachable: never = choice;
      return unreachable;
    }
  }
}

/** Neutral tools → Gemini `tools` entries (function declarations, and own built-in tools). */
export function formatGeminiTools(request: NeutralRequest, own: boolean, warnings: Warning[]): Record<string, unknown>[] | undefined {
  const tools = plainFunctionTools(request.tools ?? [], 'gemini');
  const declarations = tools.map((tool, i) => formatDeclaration(tool, own, `tools[${i}]`, warnings));
  const layout = own ? request.extra.$toolsLayout : undefined;
  const others = own && Array.isArray(request.extra.tools) ? request.extra.tools.filter(isRecord) : [];
  if (!Array.isArray(layout)) {
    if (declarations.length === 0 && others.length === 0) return undefined;
    const out: Record<string, unknown>[] = declarations.length > 0 ? [{ functionDeclarations: declarations }] : [];
    return [...out, ...others];
  }
  const out: Record<string, unknown>[] = [];
  let next = 0;
  let nextOther = 0;
  for (const raw of layout as ToolsLayoutEntry[]) {
    const entry: Record<string, unknown> = {};
    if (raw.fd !== undefined) {
      entry.functionDeclarations = declarations.slice(next, next + raw.fd);
      next += raw.fd;
    }
    if (raw.other) Object.assign(entry, others[nextOther++]);
    out.push(entry);
  }
  if (next < declarations.length) out.push({ functionDeclarations: declarations.slice(next) });
  return out;
}

function formatDeclaration(tool: ToolDefinition, own: boolean, path: string, warnings: Warning[]): Record<string, unknown> {
  const out: Record<string, unknown> = { name: tool.name };
  if (tool.description !== undefined) out.description = tool.description;
  const extra: Extra | undefined = tool.extra;
  if (own && extra?.$schemaKey !== undefined) {
    const key = extra.$schemaKey;
    if (key === 'parameters' || key === 'parametersJsonSchema') out[key] = extra.$schema ?? tool.inputSchema;
    writeOwnExtra(out, extra);
    return out;
  }
  if (!own) warnForeignExtra(extra, path, warnings);
  if (tool.strict !== undefined) warnings.push({ code: 'dropped', path: `${path}.strict`, message: 'Gemini has no strict mode for function declarations' });
  // Written as `parameters` (the OpenAPI subset) rather than `parametersJsonSchema`:
  // every Gemini model and Vertex AI take it, while parametersJsonSchema is newer
  // and API-only. What the subset cannot hold is converted or dropped with a warning.
  const parameters = toGeminiSchema(tool.inputSchema, `${path}.inputSchema`, warnings);
  if (!isEmptyObjectSchema(parameters)) out.parameters = parameters;
  if (own) writeOwnExtra(out, extra);
  return out;
}

/** Gemini rejects an OBJECT schema without properties: a tool that takes nothing has no `parameters`. */
function isEmptyObjectSchema(schema: Record<string, unknown>): boolean {
  const type = typeof schema.type === 'string' ? schema.type.toLowerCase() : undefined;
  const properties = schema.properties;
  return type === 'object' && (!isRecord(properties) || Object.keys(properties).length === 0) && schema.anyOf === undefined;
}
