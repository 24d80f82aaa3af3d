import type { Protocol } from '../neutral/protocol';
import type { ToolDefinition } from '../neutral/request';
import { fnv1a } from './fnv1a';

/** The longest tool name OpenAI, Anthropic and Gemini all take. */
const MAX_NAME = 64;

interface NameRule {
  /** A name the protocol's providers take (within 64 characters). */
  takes: RegExp;
  /** Each character they refuse. */
  refused: RegExp;
}

const OPENAI_OR_ANTHROPIC: NameRule = { takes: /^[a-zA-Z0-9_-]+$/, refused: /[^a-zA-Z0-9_-]/g };

/** The tool names a protocol's providers take (any other is a 400 for the whole request); Ollama tells of no rule. */
const NAME_RULES: Partial<Record<Protocol, NameRule>> = {
  'openai-chat': OPENAI_OR_ANTHROPIC,
  'openai-responses': OPENAI_OR_ANTHROPIC,
  anthropic: OPENAI_OR_ANTHROPIC,
  gemini: { takes: /^[a-zA-Z_][a-zA-Z0-9_.:-]*$/, refused: /[^a-zA-Z0-9_.:-]/g },
};

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
  return cutWithHash(flat, flat);
}

/**
 * A tool's name as a member of this protocol is sent it: flat where the
 * protocol has no namespaces (all but OpenAI Responses), then, where its
 * providers would refuse it, made one they take: each refused character
 * replaced, a leading `_` where Gemini needs a letter first, cut to 64
 * characters, and a hash of the name appended (so two names that differ
 * only in what was replaced stay apart, on every turn). A name they take
 * is sent as it is. Claude Code's MCP tools can be longer than 64, Gemini
 * CLI's can hold dots: each was a 400 from another protocol's member.
 */
export function wireToolName(protocol: Protocol, name: string, namespace: string | undefined): string {
  const named = protocol === 'openai-responses' ? name : flatToolName(name, namespace);
  const rule = NAME_RULES[protocol];
  if (!rule) return named;
  if (named.length <= MAX_NAME && rule.takes.test(named)) return named;
  let fixed = named.replace(rule.refused, '_');
  if (!rule.takes.test(fixed)) fixed = `_${fixed}`; // Gemini: a letter or _ first
  return cutWithHash(fixed, named);
}

/** `text` cut to leave room for `_<hash of original>` within 64 characters, and that appended. */
function cutWithHash(text: string, original: string): string {
  const hash = fnv1a(original).toString(36);
  return `${text.slice(0, MAX_NAME - hash.length - 1)}_${hash}`;
}

/**
 * The tools as a protocol with only plain JSON function tools (all but
 * OpenAI Responses) declares them, each named by `wireToolName`. A
 * namespaced tool goes by its flat name, the first of a namespace carrying
 * the namespace's description ahead of its own (where the model would
 * otherwise have read it). A freeform tool's
 * description says its one `input` is the raw text, and gives the text's
 * grammar. The same array when there is nothing to change.
 */
export function plainFunctionTools(tools: ToolDefinition[], protocol: Protocol): ToolDefinition[] {
  const names = tools.map((tool) => wireToolName(protocol, tool.name, tool.namespace?.name));
  if (tools.every((tool, index) => names[index] === tool.name && tool.namespace === undefined && tool.freeform === undefined)) return tools;
  return tools.map((tool, index) => {
    const { namespace, freeform, ...rest } = tool;
    const name = names[index]!;
    if (namespace === undefined && freeform === undefined) return name === tool.name ? tool : { ...tool, name };
    const plain: ToolDefinition = { ...rest, name };
    const opensNamespace = namespace?.description && tools[index - 1]?.namespace?.name !== namespace.name;
    const description = [opensNamespace ? namespace.description : undefined, tool.description, freeform ? freeformNote(freeform.format) : undefined]
      .filter(Boolean)
      .join('\n\n');
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

/** Gives a tool call read from a member what only the request's tools tell, in place: its own name, its namespace, whether it is freeform. */
export type ToolCallRestorer = (call: { name: string; namespace?: string; freeform?: boolean }) => void;

/**
 * For a request with tools a member of this protocol is sent under other
 * names (see `wireToolName`), or namespaced or freeform tools, a restorer for
 * the calls the member makes. A call of the name the member was given
 * becomes the tool's own name (and namespace, which is all a Codex client
 * dispatches on); a call of a bare name only one namespace has (a model
 * that dropped the prefix, a Responses upstream that dropped the namespace)
 * too, when no plain tool has it. A call of a freeform tool is marked
 * freeform, so that a Responses client gets the `custom_tool_call` it
 * declared. Undefined when there is nothing to restore.
 */
export function createToolCallRestorer(tools: readonly ToolDefinition[] | undefined, protocol: Protocol): ToolCallRestorer | undefined {
  if (!tools?.length) return undefined;
  const byWireName = new Map<string, ToolDefinition>();
  const byBareName = new Map<string, ToolDefinition | undefined>();
  let needed = false;
  for (const tool of tools) {
    const wire = wireToolName(protocol, tool.name, tool.namespace?.name);
    const key = protocol === 'openai-responses' ? callKey(wire, tool.namespace?.name) : wire;
    if (wire !== tool.name || tool.namespace !== undefined || tool.freeform !== undefined) needed = true;
    byWireName.set(key, tool);
    if (tool.namespace !== undefined) byBareName.set(tool.name, byBareName.has(tool.name) ? undefined : tool);
  }
  if (!needed) return undefined;
  return (call) => {
    const tool = byWireName.get(callKey(call.name, call.namespace)) ?? (call.namespace === undefined ? byBareName.get(call.name) : undefined);
    if (tool === undefined) return;
    call.name = tool.name;
    if (tool.namespace !== undefined) call.namespace = tool.namespace.name;
    if (tool.freeform !== undefined) call.freeform = true;
  };
}

function callKey(name: string, namespace: string | undefined): string {
  return namespace === undefined ? name : `${namespace}\u0000${name}`;
}
