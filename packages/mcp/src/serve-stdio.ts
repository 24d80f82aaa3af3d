import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';

/** Serves an MCP server on this process's stdin and stdout; resolves once the client closes it (stdin ends). */
export async function serveStdio(server: McpServer | Server): Promise<void> {
  const transport = new StdioServerTransport();
  const closed = new Promise<void>((resolve) => {
    transport.onclose = () => resolve();
    process.stdin.once('end', () => void transport.close());
  });
  await server.connect(transport);
  await closed;
}
