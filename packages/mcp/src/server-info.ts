/** How bench's MCP server names itself to clients. */
export const MCP_SERVER_INFO = { name: 'bench', version: '0.0.0' };
