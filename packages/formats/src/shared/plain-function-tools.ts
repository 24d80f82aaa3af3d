import type { ToolDefinition } from '../neutral/request';
import { fnv1a } from './fnv1a';

/** The longest tool name OpenAI, Anthropic and Gemini all take. */
const MAX_NAME = 64;

/**
 * The name a protocol without tool namespaces (all but OpenAI Responses)
 * gives a tool that is in one: `<namespace>__<name>`, the form Codex's own
 * MCP tools had before namespaces (`mcp__node_repl__js`). Past 64 characters
 * it is cut and a hash of the whole appended, so it stays unique and the
 * same on every turn.
 */
export function flatToolName(name: string, namespace: string | undefined): string {
  if (namespace === undefined) return name;
  const flat = `${namespace}__${name}`;
  if (flat.length <= MAX_NAME) return flat;
  const hash = fnv1a(flat).toString(36);
  return `${flat.slice(0, MAX_NAME - hash.length - 1)}_${hash}`;
}

/**
 * The tools as a protocol with only plain JSON function tools (all but
 * OpenAI Responses) declares them. A namespaced tool goes by its flat name,
 * the first of a namespace carrying the namespace's description ahead of its
 * own (where the model would otherwise have read it). A freeform tool's
 * description says its one `input` is the raw text, and gives the text's
 * grammar. The same array when there is nothing to change.
 */
export function plainFunctionTools(tools: ToolDefinition[]): ToolDefinition[] {
  if (!tools.some((tool) => tool.namespace !== undefined || tool.freeform !== undefined)) return tools;
  return tools.map((tool, index) => {
    const { namespace, freeform, ...rest } = tool;
    if (namespace === undefined && freeform === undefined) return tool;
    const plain: ToolDefinition = { ...rest, name: flatToolName(tool.name, namespace?.name) };
    const opensNamespace = namespace?.description && tools[index - 1]?.namespace?.name !== namespace.name;
    const description = [opensNamespace ? namespace.description : undefined, tool.description, freeform ? freeformNote(freeform.format) : undefined].filter(Boolean).join('\n\n');
    if (description) plain.description = description;
    return plain;
  });
}

function freeformNote(format: Record<string, unknown> | undefined): string {
  const note = 'Give the raw text as the `input` string, exactly as the tool takes it: it is not JSON, and needs no other wrapping.';
  if (format?.type !== 'grammar' || typeof format.definition !== 'string') return note;
  const syntax = typeof format.syntax === 'string' ? ` (${format.syntax})` : '';
  return `${note} The text follows this grammar${syntax}:\n${format.definition}`;
}

/** Gives a tool call read from a member what only the request's tools tell, in place: its namespace, whether it is freeform. */
export type ToolCallRestorer = (call: { name: string; namespace?: string; freeform?: boolean }) => void;

/**
 * For a request with namespaced or freeform tools, a restorer for the calls
 * a member makes. A call of a flat name (`multi_agent_v1__spawn_agent`, from
 * a member of a protocol without namespaces) becomes the tool's own name and
 * namespace, which is all a Codex client dispatches on; a call of a bare name
 * only one namespace has (a model that dropped the prefix, a Responses
 * upstream that dropped the namespace) too, when no plain tool has it. A
 * call of a freeform tool is marked freeform, so that a Responses client
 * gets the `custom_tool_call` it declared. Undefined when there is nothing
 * to restore.
 */
export function createToolCallRestorer(tools: readonly ToolDefinition[] | undefined): ToolCallRestorer | undefined {
  if (!tools?.some((tool) => tool.namespace !== undefined || tool.freeform !== undefined)) return undefined;
  const plain = new Map<string, ToolDefinition>();
  const byFlatName = new Map<string, ToolDefinition>();
  const byBareName = new Map<string, ToolDefinition | undefined>();
  for (const tool of tools) {
    if (tool.namespace === undefined) {
      plain.set(tool.name, tool);
      continue;
    }
    byFlatName.set(flatToolName(tool.name, tool.namespace.name), tool);
    byBareName.set(tool.name, byBareName.has(tool.name) ? undefined : tool);
  }
  return (call) => {
    const tool = toolOf(call);
    if (tool === undefined) return;
    if (tool.namespace !== undefined && call.namespace === undefined) {
      call.name = tool.name;
      call.namespace = tool.namespace.name;
    }
    if (tool.freeform !== undefined) call.freeform = true;
  };

  function toolOf(call: { name: string; namespace?: string }): ToolDefinition | undefined {
    if (call.namespace !== undefined) return byFlatName.get(flatToolName(call.name, call.namespace));
    return plain.get(call.name) ?? byFlatName.get(call.name) ?? byBareName.get(call.name);
  }
}
