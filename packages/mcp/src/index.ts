export { createBenchMcpServer } from './bench-mcp-server';
export { createMcpHttpHandler, type McpHttpHandler } from './http-sessions';
export { createRemoteMcpServer, type RemoteMcpOptions } from './remote-mcp-server';
export type { AskAnswer } from './ask-answer';
export type { ListedCollection } from './collections-tool';
export { serveStdio } from './serve-stdio';
