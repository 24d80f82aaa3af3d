import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { MCP_SERVER_INFO } from './server-info';

export interface RemoteMcpOptions {
  /** The gateway's MCP endpoint, e.g. `http://127.0.0.1:4141/mcp`. */
  url: string;
  /** The caller's bench key (sent as a bearer token); none for a gateway without keys. */
  key?: string;
}

/** A tool call may take as long as a panel does: progress resets the wait. */
const CALL_TIMEOUT_MS = 10 * 60_000;

/**
 * bench's tools served from a running gateway: each list and call is passed to its `/mcp` with the caller's key,
 * progress and cancellation both ways. For clients that spawn their servers (stdio) when the gateway runs elsewhere.
 */
export async function createRemoteMcpServer(options: RemoteMcpOptions): Promise<{ server: Server; close(): Promise<void> }> {
  const client = new Client({ name: 'bench-mcp-stdio', version: MCP_SERVER_INFO.version });
  const transport = new StreamableHTTPClientTransport(new URL(options.url), {
    requestInit: options.key ? { headers: { authorization: `Bearer ${options.key}` } } : {},
  });
  await client.connect(transport);
  const server = new Server(MCP_SERVER_INFO, { capabilities: { tools: {} }, ...(client.getInstructions() ? { instructions: client.getInstructions()! } : {}) });
  server.setRequestHandler(ListToolsRequestSchema, (request) => client.listTools(request.params));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const token = request.params._meta?.progressToken;
    const result = await client.callTool(
      { name: request.params.name, ...(request.params.arguments ? { arguments: request.params.arguments } : {}) },
      undefined,
      {
        signal: extra.signal,
        timeout: CALL_TIMEOUT_MS,
        resetTimeoutOnProgress: true,
        ...(token !== undefined
          ? {
              onprogress: (progress) =>
                void extra.sendNotification({ method: 'notifications/progress', params: { ...progress, progressToken: token } }).catch(() => undefined),
            }
          : {}),
      },
    );
    // The result in a write of its own, after the steps forwarded: a stdio client reading both in one chunk could
    // drop the last step (see progress-reporter).
    await new Promise<void>((resolve) => setImmediate(resolve));
    return result as CallToolResult;
  });
  return {
    server,
    async close() {
      await server.close().catch(() => undefined);
      await transport.terminateSession().catch(() => undefined);
      await client.close();
    },
  };
}
