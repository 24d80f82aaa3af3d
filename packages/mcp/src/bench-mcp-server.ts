import type { Caller, Engine } from '@bench/engine';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { registerAskTool } from './ask-tool';
import { registerCollectionsTool } from './collections-tool';
import { registerRecordsTool } from './records-tool';
import { registerVerdictTool } from './verdict-tool';
import { MCP_SERVER_INFO } from './server-info';

/** bench's MCP server for one caller: `ask`, `verdict`, `collections`, `records`, each seeing only what the caller may call. */
export function createBenchMcpServer(engine: Engine, caller: Caller): McpServer {
  const server = new McpServer(MCP_SERVER_INFO, {
    capabilities: { tools: {} },
    instructions: 'bench serves panels of models: ask one for a second opinion on a task (collections lists them), then judge the answers with verdict.',
  });
  registerAskTool(server, engine, caller);
  registerVerdictTool(server, engine, caller);
  registerCollectionsTool(server, engine, caller);
  registerRecordsTool(server, engine, caller);
  return server;
}
