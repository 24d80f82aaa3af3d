import type { Engine } from '@bench/engine';
import type { McpHttpHandler } from '@bench/mcp';
import { readJSONBody } from '../http/read-body';
import type { RequestState } from '../request-state';

/** `POST|GET|DELETE /mcp`: bench's MCP server over Streamable HTTP, for the caller's key (it sees and calls its collections only). */
// The body may be twice the turn limit, so that a task too long for a turn is refused by the ask tool, with the reason.
export async function handleMcp(state: RequestState, engine: Engine, mcp: McpHttpHandler): Promise<void> {
  const body = state.req.method === 'POST' ? await readJSONBody(state.req, 2 * engine.config.server.bodyLimitBytes) : undefined;
  await mcp.handle(state.req, state.res, state.caller, body);
}
