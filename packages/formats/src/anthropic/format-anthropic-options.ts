import type { Extra } from '../neutral/content';
import type { NeutralRequest } from '../neutral/request';
import { insertPositioned, isPositionedList, isRecord } from './extra-fields';
import type { FormatContext } from './format-anthropic-content';
import { spreadExtra, warnForeignExtra } from './format-warnings';
import { plainFunctionTools, wireToolName } from '../shared/tool-names';

type Wire = Record<string, unknown>;

/** The extra keys this file merges itself (sub-objects and server tools). */
export const MERGED_KEYS = ['server_tools', 'tool_choice', 'thinking', 'output_config'] as const;

/** tools, tool_choice, thinking, output_config onto the body. */
export function formatOptions(request: NeutralRequest, body: Wire, ctx: FormatContext): void {
  const extra: Extra = ctx.same ? request.extra : {};
  if (request.tools) {
    const tools: Wire[] = plainFunctionTools(request.tools, 'anthropic').map((tool, i) => {
      if (!ctx.same) warnForeignExtra(tool.extra, `tools[${i}]`, ctx.warnings);
      const wire: Wire = { name: tool.name };
      if (tool.description !== undefined) wire.description = tool.description;
      wire.input_schema = tool.inputSchema;
      if (!ctx.same && tool.inputSchema.type === undefined) {
        // Anthropic requires an object schema; a tool without parameters often comes with `{}`.
        wire.input_schema = { type: 'object', ...tool.inputSchema };
        ctx.warnings.push({
          code: 'converted',
          path: `tools[${i}].inputSchema`,
          message: 'schema without a type sent as type "object", as Anthropic requires',
        });
      }
      if (tool.strict !== undefined) wire.strict = tool.strict;
      if (ctx.same) spreadExtra(wire, tool.extra);
      return wire;
    });
    body.tools = isPositionedList(extra.server_tools) ? insertPositioned(tools, extra.server_tools, (item) => item) : tools;
  }

  let choice = formatToolChoice(request);
  if (choice && !ctx.same && !request.tools?.length) {
    // Anthropic refuses tool_choice without tools; with no tools there is nothing to choose.
    if (request.toolChoice && request.toolChoice.type !== 'none' && request.toolChoice.type !== 'auto') {
      ctx.warnings.push({ code: 'dropped', path: 'toolChoice', message: 'a tool choice without tools: Anthropic refuses tool_choice when no tools are given' });
    }
    choice = undefined;
  }
  merge(body, 'tool_choice', choice, extra.tool_choice);

  const reasoning = request.reasoning;
  let thinking: Wire | undefined;
  const config: Wire = {};
  if (reasoning) {
    if (reasoning.enabled === true)
      thinking = reasoning.budgetTokens !== undefined ? { type: 'enabled', budget_tokens: reasoning.budgetTokens } : { type: 'adaptive' };
    else if (reasoning.enabled === false) thinking = { type: 'disabled' };
    else if (reasoning.budgetTokens !== undefined) thinking = { type: 'enabled', budget_tokens: reasoning.budgetTokens };
    const effort = reasoning.effort;
    if (effort === 'none') {
      if (!thinking) thinking = { type: 'disabled' };
    } else if (effort === 'minimal') {
      config.effort = 'low';
      ctx.warnings.push({ code: 'converted', path: 'reasoning.effort', message: 'effort "minimal" sent as "low": Anthropic has no minimal effort' });
    } else if (effort !== undefined) config.effort = effort;
  }
  merge(body, 'thinking', thinking, extra.thinking);

  const format = request.responseFormat;
  if (format?.type === 'json-schema') config.format = { type: 'json_schema', schema: format.schema };
  else if (format?.type === 'json')
    ctx.warnings.push({
      code: 'dropped',
      path: 'responseFormat',
      message: 'JSON mode without a schema: Anthropic takes only a JSON schema (output_config.format)',
    });
  merge(body, 'output_config', Object.keys(config).length > 0 ? config : undefined, extra.output_config);
}

function formatToolChoice(request: NeutralRequest): Wire | undefined {
  const choice = request.toolChoice;
  let wire: Wire | undefined;
  if (choice?.type === 'tool') wire = { type: 'tool', name: wireToolName('anthropic', choice.name, undefined) };
  else if (choice) wire = { type: choice.type === 'required' ? 'any' : choice.type };
  if (request.parallelToolCalls !== undefined) {
    if (!wire && request.parallelToolCalls) return undefined;
    wire ??= { type: 'auto' };
    wire.disable_parallel_tool_use = !request.parallelToolCalls;
  }
  return wire;
}

function merge(body: Wire, key: string, mapped: Wire | undefined, kept: unknown): void {
  if (isRecord(kept)) body[key] = { ...mapped, ...kept };
  else if (mapped) body[key] = mapped;
}
