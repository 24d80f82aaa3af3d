import type { IncomingMessage, ServerResponse } from 'node:http';
import type { McpHttpHandler } from '@bench/mcp';
import type { RequestState } from '../request-state';
import { readJSONBody } from './read-body';

/** Serves a route on Node's request and response themselves (the MCP SDK's transport writes them). */
export type NodeRouteHandler = (req: IncomingMessage, res: ServerResponse, state: RequestState) => Promise<void>;

/**
 * `POST|GET|DELETE /mcp`: bench's MCP server over Streamable HTTP, for the caller's key (it sees and calls its
 * collections only). The body may be twice the turn limit, so that a task too long for a turn is refused by the
 * ask tool, with the reason.
 */
export function mcpRoute(mcp: McpHttpHandler, bodyLimitBytes: () => number): NodeRouteHandler {
  return async (req, res, state) => {
    const body = req.method === 'POST' ? await readJSONBody(req, 2 * bodyLimitBytes()) : undefined;
    await mcp.handle(req, res, state.caller, body);
  };
}
