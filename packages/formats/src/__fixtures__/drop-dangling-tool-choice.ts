/**
 * Test generators: a tool choice that names a tool the request does not define
 * is refused by every codec, so generated "valid" requests leave it out.
 */
export function dropDanglingToolChoice<T extends Record<string, unknown>>(
  body: T,
  chosenName: (choice: Record<string, unknown>) => unknown,
  toolName: (tool: Record<string, unknown>) => unknown,
): T {
  const choice = body.tool_choice;
  if (typeof choice !== 'object' || choice === null) return body;
  const name = chosenName(choice as Record<string, unknown>);
  if (typeof name !== 'string') return body;
  const tools = Array.isArray(body.tools) ? (body.tools as Record<string, unknown>[]) : [];
  if (tools.some((tool) => toolName(tool) === name)) return body;
  const { tool_choice: _dropped, ...rest } = body;
  return rest as T;
}
