import { fnv1a } from '../shared/fnv1a';

const ALLOWED = /^[a-zA-Z0-9_-]+$/;
const DISALLOWED = /[^a-zA-Z0-9_-]/g;

/**
 * A tool-call id as Anthropic accepts it (`^[a-zA-Z0-9_-]+$`, else a 400 for
 * the whole request). Other providers make ids Anthropic refuses (Kimi's
 * `functions.Bash:0`, MCP tools' dotted names), and a conversation that moves
 * to an Anthropic member brings them along. Such an id has each refused
 * character replaced and a hash of the original appended, so the tool_use
 * and its tool_result, in this request and every later one, still match,
 * and two ids that differ only in refused characters stay apart. Valid ids
 * are unchanged.
 */
export function anthropicToolId(id: string): string {
  if (ALLOWED.test(id)) return id;
  return `${id.replace(DISALLOWED, '_')}_${fnv1a(id).toString(36)}`;
}
