import { InvalidRequestError } from '../errors/invalid-request-error';
import type { Extra } from '../neutral/content';
import type { NeutralRequest, ReasoningConfig, ToolDefinition } from '../neutral/request';
import { parseWithSchema } from '../shared/parse-with-schema';
import { customToolSchema, type AnthropicRequestBody } from './anthropic-api';
import { isRecord, restOf, withExtra, type Positioned } from './extra-fields';

type Options = Pick<NeutralRequest, 'tools' | 'toolChoice' | 'parallelToolCalls' | 'reasoning' | 'responseFormat'>;

const EFFORTS = ['low', 'medium', 'high', 'xhigh'] as const;

/**
 * tools, tool_choice, thinking and output_config. What a sub-object holds
 * beyond what is mapped stays in `extra` under its own key and is merged back
 * by formatRequest; server tools stay in `extra.server_tools` with their positions.
 */
export function parseOptions(body: AnthropicRequestBody, extra: Extra): Options {
  const out: Options = {};
  if (body.tools) {
    const tools: ToolDefinition[] = [];
    const server: Positioned[] = [];
    body.tools.forEach((tool, i) => {
      if (tool.type != null && tool.type !== 'custom') {
        server.push({ at: i, item: tool });
        return;
      }
      const t = parseWithSchema(customToolSchema, tool, ['tools', i]);
      const def: ToolDefinition = { name: t.name, inputSchema: t.input_schema };
      if (t.description !== undefined) def.description = t.description;
      if (t.strict !== undefined) def.strict = t.strict;
      tools.push(withExtra(def, restOf(t, ['name', 'description', 'input_schema', 'strict'])));
    });
    out.tools = tools;
    if (server.length > 0) extra.server_tools = server;
  }

  const choice = body.tool_choice;
  if (choice) {
    if (choice.type === 'tool') {
      if (choice.name === undefined) throw new InvalidRequestError([{ path: 'tool_choice.name', message: 'required when type is "tool"' }]);
      out.toolChoice = { type: 'tool', name: choice.name };
    } else out.toolChoice = { type: choice.type === 'any' ? 'required' : choice.type };
    if (choice.disable_parallel_tool_use !== undefined) out.parallelToolCalls = !choice.disable_parallel_tool_use;
    const rest = restOf(choice, ['type', 'name', 'disable_parallel_tool_use']);
    if (rest) extra.tool_choice = rest;
  }

  const reasoning: ReasoningConfig = {};
  const thinking = body.thinking;
  if (thinking) {
    if (thinking.type === 'enabled') {
      if (thinking.budget_tokens === undefined) throw new InvalidRequestError([{ path: 'thinking.budget_tokens', message: 'required when type is "enabled"' }]);
      reasoning.enabled = true;
      reasoning.budgetTokens = thinking.budget_tokens;
    } else if (thinking.type === 'adaptive') reasoning.enabled = true;
    else if (thinking.type === 'disabled') reasoning.enabled = false;
    const known = reasoning.enabled === undefined ? [] : thinking.type === 'enabled' ? ['type', 'budget_tokens'] : ['type'];
    const rest = restOf(thinking, known);
    if (rest) extra.thinking = rest;
  }

  const config = body.output_config;
  if (config) {
    const rest: Extra = { ...config };
    const effort = config.effort;
    if (typeof effort === 'string' && (EFFORTS as ReadonlyArray<string>).includes(effort)) {
      reasoning.effort = effort as (typeof EFFORTS)[number];
      delete rest.effort;
    }
    const format = config.format;
    if (isRecord(format) && format.type === 'json_schema' && isRecord(format.schema) && Object.keys(format).length === 2) {
      out.responseFormat = { type: 'json-schema', schema: format.schema };
      delete rest.format;
    }
    if (Object.keys(rest).length > 0 || Object.keys(rest).length === Object.keys(config).length) extra.output_config = rest;
  }
  if (Object.keys(reasoning).length > 0) out.reasoning = reasoning;
  return out;
}
