import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Client } from '@bench/client';
import { ConfigError, createEngine, type Engine, type GatewayConfig } from '@bench/engine';
import type { Ledger } from '@bench/ledger';
import type { Logger } from 'pino';
import { createLogger } from '../access-log';
import { isLoopbackAddress } from '../auth/is-loopback';
import { createRequestHandler } from './handle-request';
import { buildHandlers } from '../handlers/build-handlers';
import { createMcpHttpHandler } from '@bench/mcp';
import { mcpRoute } from './mcp-route';
import { dashboardDir } from '../dashboard-ui/dashboard-dir';
import { StaticFiles } from '../dashboard-ui/static-files';
import { LiveFeed } from '../live/live-feed';

export interface GatewayOptions {
  /** A parsed config, or the raw object of a config file (validated here). */
  config: GatewayConfig | Record<string, unknown>;
  /** Where keys and provider secrets are read from (default `process.env`). */
  env?: NodeJS.ProcessEnv;
  logger?: Logger;
  /** A ledger to use instead of opening `config.ledger`. */
  ledger?: Ledger;
  client?: Client;
  now?: () => number;
  random?: () => number;
  /** The dashboard's built files (default: the installed `@bench/dashboard` package's `dist`; none: `/bench/ui/` is a 404 saying so). */
  dashboardDir?: string;
}

export interface Gateway {
  /** The `(req, res)` listener: mount it in `http.createServer`, Express or Fastify. */
  listener: (req: IncomingMessage, res: ServerResponse) => void;
  config: GatewayConfig;
  ledger: Ledger;
  /** The engine every request's turn runs on. */
  engine: Engine;
  /** Starts a server on the config's (or the given) host and port; refuses a non-loopback host without keys. */
  listen(options?: { port?: number; host?: string }): Promise<{ server: Server; url: string }>;
  /** Stops accepting, lets streams finish up to `server.shutdownGraceMs`, flushes and closes the ledger. */
  close(): Promise<void>;
}

export async function createGateway(options: GatewayOptions): Promise<Gateway> {
  const logger = options.logger ?? createLogger();
  const engine = await createEngine(options.config, {
    logger,
    ...(options.env ? { env: options.env } : {}),
    ...(options.ledger ? { ledger: options.ledger } : {}),
    ...(options.client ? { client: options.client } : {}),
    ...(options.now ? { now: options.now } : {}),
    ...(options.random ? { random: options.random } : {}),
  });
  const { config, ledger } = engine;
  const mcp = createMcpHttpHandler(engine);
  const feed = new LiveFeed(engine.events);
  const uiDir = dashboardDir(options.dashboardDir);
  const listener = createRequestHandler({
    engine,
    cors: config.server.cors,
    logger,
    handlers: buildHandlers(engine, { feed, files: uiDir === undefined ? undefined : new StaticFiles(uiDir) }),
    nodeHandlers: { mcp: mcpRoute(mcp, config.server.bodyLimitBytes) },
    onServerError: (error, cause, request) =>
      logger.error(
        {
          route: request.url.pathname,
          err: error.error.message,
          cause: ((cause as Error | undefined)?.cause as Error | undefined)?.message ?? (cause as Error | undefined)?.message,
        },
        'server error',
      ),
  });

  const servers = new Set<Server>();
  return {
    listener,
    config,
    ledger,
    engine,
    async listen(listenOptions = {}) {
      const host = listenOptions.host ?? config.server.host;
      const port = listenOptions.port ?? config.server.port;
      if (!engine.keysEnabled && !isLoopbackAddress(host) && host !== 'localhost') {
        throw new ConfigError([
          { path: 'server.host', message: `"${host}" is not a loopback address, and no keys are configured: add keys, or listen on 127.0.0.1` },
        ]);
      }
      const server = createServer({ requestTimeout: config.server.requestTimeoutMs, keepAliveTimeout: 65_000 }, listener);
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => resolve());
      });
      servers.add(server);
      const address = server.address() as AddressInfo;
      const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
      return { server, url: `http://${shownHost}:${address.port}` };
    },
    async close() {
      await mcp.close(); // the MCP sessions' streams end (their tool calls in flight are aborted, and recorded)
      feed.close(); // the dashboards' event streams end (their browsers reconnect to another replica, or once it is back)
      await Promise.all([...servers].map((server) => closeServer(server, config.server.shutdownGraceMs)));
      // A ledger that cannot write what it holds (its database gone) is reported, and everything else still closes.
      const unwritten = await engine.close().then(
        () => undefined,
        (error: unknown) => error,
      );
      if (!options.logger) await new Promise<void>((resolve) => logger.flush(() => resolve()));
      if (unwritten !== undefined) throw unwritten;
    },
  };
}

async function closeServer(server: Server, graceMs: number): Promise<void> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  // A kept-alive connection whose stream ends after close() would otherwise stay open until the
  // client drops it or the grace period ends: close each one as soon as it falls idle.
  const sweep = setInterval(() => server.closeIdleConnections(), 100);
  sweep.unref();
  const deadline = setTimeout(() => server.closeAllConnections(), graceMs);
  deadline.unref();
  await closed;
  clearInterval(sweep);
  clearTimeout(deadline);
}
