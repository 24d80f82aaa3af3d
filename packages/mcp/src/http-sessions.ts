import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Caller, Engine } from '@bench/engine';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { createBenchMcpServer } from './bench-mcp-server';

/** Streamable HTTP for bench's MCP server: POST, GET (the server's stream) and DELETE on one path. */
export interface McpHttpHandler {
  /** Serves one request of an authenticated caller; `body` is the POST's parsed JSON. */
  handle(req: IncomingMessage, res: ServerResponse, caller: Caller, body?: unknown): Promise<void>;
  /** Sessions open now. */
  readonly sessions: number;
  /** Ends every session (their streams close; tool calls in flight are aborted). */
  close(): Promise<void>;
}

interface Session {
  transport: StreamableHTTPServerTransport;
  keyName: string;
  /** When the session last had a request (epoch ms). */
  seen: number;
}

/** A session with no request for this long is ended when another opens (its client initializes anew, as on a 404). */
const SESSION_IDLE_MS = 30 * 60_000;

/**
 * One MCP session per `initialize`, kept by its `mcp-session-id` and bound to the key that opened it: a session is
 * what lets a client's cancellation reach the tool call it names. Another key presenting the id is refused.
 */
export function createMcpHttpHandler(engine: Engine): McpHttpHandler {
  const sessions = new Map<string, Session>();

  const open = async (caller: Caller): Promise<StreamableHTTPServerTransport> => {
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => void sessions.set(id, { transport, keyName: caller.keyName, seen: Date.now() }),
    });
    transport.onclose = () => {
      if (transport.sessionId) sessions.delete(transport.sessionId);
    };
    await createBenchMcpServer(engine, caller).connect(transport);
    return transport;
  };

  const endIdle = () => {
    const now = Date.now();
    for (const [id, session] of sessions) {
      if (now - session.seen < SESSION_IDLE_MS) continue;
      sessions.delete(id);
      void session.transport.close().catch(() => undefined);
    }
  };

  return {
    async handle(req, res, caller, body) {
      const header = req.headers['mcp-session-id'];
      const id = Array.isArray(header) ? header[0] : header;
      if (id === undefined) {
        if (req.method !== 'POST' || !isInitializeRequest(body)) {
          return rpcError(res, 400, 'no mcp-session-id: start a session with an initialize request (POST)');
        }
        endIdle();
        return (await open(caller)).handleRequest(req, res, body);
      }
      const session = sessions.get(id);
      if (!session) return rpcError(res, 404, 'unknown or ended MCP session: initialize a new one');
      if (session.keyName !== caller.keyName) return rpcError(res, 403, 'this MCP session belongs to another key: initialize one with yours');
      session.seen = Date.now();
      return session.transport.handleRequest(req, res, body);
    },
    get sessions() {
      return sessions.size;
    },
    async close() {
      const open = [...sessions.values()];
      sessions.clear();
      await Promise.all(open.map((session) => session.transport.close().catch(() => undefined)));
    },
  };
}

/** A JSON-RPC error the transport would send, for requests refused before a session handles them. */
function rpcError(res: ServerResponse, status: number, message: string): void {
  const body = JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null });
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}
