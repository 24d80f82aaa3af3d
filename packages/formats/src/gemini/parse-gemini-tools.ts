import type { Extra } from '../neutral/content';
import type { ToolChoice, ToolDefinition } from '../neutral/request';
import type { GeminiFunctionDeclaration, GeminiRequest } from './gemini-api';
import { compactExtra, restOf, sameJSON } from './gemini-extra';
import { formatGeminiToolConfig } from './format-gemini-tools';
import { fromGeminiSchema } from './from-gemini-schema';

/** How the wire's `tools` array was laid out: function declarations per entry, and whether it had other tools. */
export interface ToolsLayoutEntry {
  fd?: number;
  other?: boolean;
}

/**
 * Gemini `tools` → neutral tools. Built-in tools (googleSearch,
 * codeExecution, …) go to `extra.tools`; `$toolsLayout` keeps the entries' shape.
 */
export function parseGeminiTools(tools: NonNullable<GeminiRequest['tools']>, extra: Extra): ToolDefinition[] {
  const out: ToolDefinition[] = [];
  const layout: ToolsLayoutEntry[] = [];
  const others: Record<string, unknown>[] = [];
  for (const entry of tools) {
    const item: ToolsLayoutEntry = {};
    const rest = restOf(entry, ['functionDeclarations']);
    if (entry.functionDeclarations) {
      item.fd = entry.functionDeclarations.length;
      for (const declaration of entry.functionDeclarations) out.push(parseDeclaration(declaration));
    }
    if (Object.keys(rest).length > 0) {
      item.other = true;
      others.push(rest);
    }
    layout.push(item);
  }
  if (others.length > 0) extra.tools = others;
  const simple = layout.length === 1 && layout[0]?.fd !== undefined && !layout[0].other;
  if (!simple) extra.$toolsLayout = layout;
  return out;
}

function parseDeclaration(declaration: GeminiFunctionDeclaration): ToolDefinition {
  const extra: Extra = restOf(declaration, ['name', 'description', 'parameters', 'parametersJsonSchema']);
  const key = declaration.parametersJsonSchema ? 'parametersJsonSchema' : declaration.parameters ? 'parameters' : undefined;
  const original = key ? declaration[key] : undefined;
  let inputSchema: Record<string, unknown> = { type: 'object', properties: {} };
  if (key && original) {
    const change = { changed: false };
    inputSchema = fromGeminiSchema(original, change);
    extra.$schemaKey = key;
    if (change.changed) extra.$schema = original;
  } else {
    extra.$schemaKey = 'none';
  }
  const tool: ToolDefinition = { name: declaration.name, inputSchema };
  if (declaration.description !== undefined) tool.description = declaration.description;
  const compact = compactExtra(extra);
  if (compact) tool.extra = compact;
  return tool;
}

/** `toolConfig.functionCallingConfig` → neutral tool choice; what it cannot say stays in `extra.toolConfig`. */
export function parseGeminiToolConfig(toolConfig: NonNullable<GeminiRequest['toolConfig']>, extra: Extra): ToolChoice | undefined {
  const config = toolConfig.functionCallingConfig;
  let choice: ToolChoice | undefined;
  const names = config?.allowedFunctionNames;
  switch (config?.mode) {
    case 'AUTO':
    case 'VALIDATED':
      choice = { type: 'auto' };
      break;
    case 'NONE':
      choice = { type: 'none' };
      break;
    case 'ANY':
      choice = names?.length === 1 && names[0] ? { type: 'tool', name: names[0] } : { type: 'required' };
      break;
    default:
      choice = undefined;
  }
  const back = choice ? formatGeminiToolConfig(choice) : undefined;
  if (!sameJSON(back, toolConfig)) extra.toolConfig = toolConfig;
  return choice;
}
