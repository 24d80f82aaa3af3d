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
 * The tools as a protocol without namespaces declares them: each namespaced
 * tool under its flat name, the first of a namespace carrying the
 * namespace's description ahead of its own (where the model would otherwise
 * have read it). The same array when no tool is in a namespace.
 */
export function flattenToolNamespaces(tools: ToolDefinition[]): ToolDefinition[] {
  if (!tools.some((tool) => tool.namespace !== undefined)) return tools;
  return tools.map((tool, index) => {
    const { namespace, ...rest } = tool;
    if (namespace === undefined) return tool;
    const flat: ToolDefinition = { ...rest, name: flatToolName(tool.name, namespace.name) };
    const opensNamespace = tools[index - 1]?.namespace?.name !== namespace.name;
    if (opensNamespace && namespace.description) {
      flat.description = tool.description ? `${namespace.description}\n\n${tool.description}` : namespace.description;
    }
    return flat;
  });
}

/** Gives a tool call its namespace back, in place: `{name, namespace?}` of a call read from a member. */
export type ToolNamespaceRestorer = (call: { name: string; namespace?: string }) => void;

/**
 * For a request whose tools include namespaced ones, a restorer that turns a
 * call of a flat name (`multi_agent_v1__spawn_agent`, from a member of a
 * protocol without namespaces) back into the tool's own name and namespace,
 * which is all a Codex client dispatches on. A call of a namespaced tool's
 * bare name (a model that dropped the prefix, a Responses upstream that
 * dropped the namespace) is restored too when only one namespace has that
 * name and no plain tool does. Undefined when there is nothing to restore.
 */
export function createToolNamespaceRestorer(tools: readonly ToolDefinition[] | undefined): ToolNamespaceRestorer | undefined {
  if (!tools?.some((tool) => tool.namespace !== undefined)) return undefined;
  const plain = new Set<string>();
  const byFlatName = new Map<string, ToolDefinition>();
  const byBareName = new Map<string, ToolDefinition | undefined>();
  for (const tool of tools) {
    if (tool.namespace === undefined) {
      plain.add(tool.name);
      continue;
    }
    byFlatName.set(flatToolName(tool.name, tool.namespace.name), tool);
    byBareName.set(tool.name, byBareName.has(tool.name) ? undefined : tool);
  }
  return (call) => {
    if (call.namespace !== undefined || plain.has(call.name)) return;
    const tool = byFlatName.get(call.name) ?? byBareName.get(call.name);
    if (tool?.namespace === undefined) return;
    call.name = tool.name;
    call.namespace = tool.namespace.name;
  };
}
