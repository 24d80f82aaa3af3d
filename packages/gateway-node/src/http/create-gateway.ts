import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Client } from '@bench/client';
import { ConfigError, createEngine, type Engine, type GatewayConfig } from '@bench/engine';
import { appliedConfigLine, type AppliedConfig } from '../live-config/applied-config';
import { ConfigFile, type ConfigFileOptions, type ConfigReload } from '../live-config/config-file';
import { keepStartFields, waitsForRestart } from '../live-config/restart-fields';
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
import { GatewayMetrics } from '../metrics/gateway-metrics';
import { countEngineEvents } from '../metrics/count-engine-events';
import { countRequests } from '../metrics/count-requests';
import { startTracing } from '../telemetry/start-tracing';
import { traceEngineEvents } from '../telemetry/trace-engine-events';

/**
 * Connections the kernel may hold completed before the gateway accepts them (capped by net.core.somaxconn). Node's
 * 511 overflowed when thousands of agents' streams opened at once: the kernel reset the callers it had no room for.
 */
const LISTEN_BACKLOG = 4096;

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
  /** The file `config` was read from: watched by the CLI, edited through `/bench/config`, reloaded by `reloadConfig()`. */
  configFile?: ConfigFileOptions;
  /** `false`: nothing is counted and `GET /metrics` is a 404 (default: counted, served to admin keys). */
  metrics?: boolean;
}

export interface Gateway {
  /** The `(req, res)` listener: mount it in `http.createServer`, Express or Fastify. */
  listener: (req: IncomingMessage, res: ServerResponse) => void;
  /** The config it runs now. */
  readonly config: GatewayConfig;
  ledger: Ledger;
  /** The engine every request's turn runs on. */
  engine: Engine;
  /**
   * Applies a new config to every request from now on (streams in flight finish on theirs); metrics' and traces'
   * labels follow it. `server.host`, `.port`, `.requestTimeoutMs` and `telemetry` keep their running values until a
   * restart (`restartNeeded` names them). Throws a
   * `ConfigError` naming each path, and changes nothing, for what the engine refuses and for a config without keys
   * while the gateway listens beyond loopback.
   */
  reconfigure(config: GatewayConfig): AppliedConfig;
  /** Reads the config file again and applies it, with one log line saying what changed, or why it was refused (`reason`: what asked, e.g. `SIGHUP`). */
  reloadConfig(reason: string): ConfigReload;
  /** Where traces go (an OTLP/HTTP collector's `/v1/traces`), or undefined: traces off. */
  tracesURL: string | undefined;
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
  // Traces before anything serves: a bad endpoint is refused like any bad config, with the engine closed again.
  const tracing = await startTracing(config, options.env ?? process.env).catch(async (error: unknown) => {
    await engine.close();
    throw error;
  });
  const metrics = options.metrics === false ? undefined : new GatewayMetrics(ledger);
  if (metrics) engine.events.on(countEngineEvents(metrics, () => engine.config));
  if (tracing) engine.events.on(traceEngineEvents(tracing.tracer, () => engine.config));
  const mcp = createMcpHttpHandler(engine);
  const feed = new LiveFeed(engine.events);
  const uiDir = dashboardDir(options.dashboardDir);
  /** Hosts the gateway listens on: none may be left open without keys by a reload. */
  const listening = new Set<string>();

  const reconfigure = (next: GatewayConfig): AppliedConfig => {
    const open = [...listening].find((host) => !isLoopbackAddress(host) && host !== 'localhost');
    if (open !== undefined && Object.keys(next.keys).length === 0) {
      throw new ConfigError([
        {
          path: 'keys',
          message: `the gateway listens on ${open}, beyond loopback: a config without keys would open it to anyone; keep a key, or restart on 127.0.0.1`,
        },
      ]);
    }
    const { config: kept, restartNeeded } = keepStartFields(engine.config, next);
    const { changed } = engine.reconfigure(kept);
    return { changed: changed.filter((path) => !waitsForRestart(path, restartNeeded)), restartNeeded };
  };
  const configFile = options.configFile && new ConfigFile(options.configFile, { apply: reconfigure, running: () => engine.config });
  const told = (applied: AppliedConfig) => ({ changed: applied.changed, restartNeeded: applied.restartNeeded });

  const listener = createRequestHandler({
    engine,
    cors: () => engine.config.server.cors,
    logger,
    ...(metrics ? { observer: countRequests(metrics) } : {}),
    ...(tracing ? { tracing } : {}),
    handlers: buildHandlers(
      engine,
      { feed, files: uiDir === undefined ? undefined : new StaticFiles(uiDir) },
      {
        file: configFile,
        saved: (by, applied) => {
          logger.info(told(applied), `config saved (${by}): ${appliedConfigLine(applied)}`);
          logger.flush(); // written now, not with the next batch of access lines
        },
      },
      metrics,
    ),
    nodeHandlers: { mcp: mcpRoute(mcp, () => engine.config.server.bodyLimitBytes) },
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
    get config() {
      return engine.config;
    },
    ledger,
    engine,
    reconfigure,
    reloadConfig(reason) {
      if (!configFile) {
        logger.warn(`${reason}: this gateway was started without a config file, so there is none to reload; nothing changed`);
        logger.flush();
        return { status: 'no-file' };
      }
      const outcome = configFile.reload();
      if (outcome.status === 'applied') logger.info(told(outcome.result), `config reloaded (${reason}): ${appliedConfigLine(outcome.result)}`);
      if (outcome.status === 'refused') {
        const reasons = outcome.issues.map((issue) => (issue.path ? `${issue.path}: ${issue.message}` : issue.message)).join('; ');
        logger.warn(`config not reloaded (${reason}) from ${configFile.path}: ${reasons}; the gateway goes on with the config it had`);
      }
      logger.flush(); // a reload's line is written now, not with the next batch of access lines
      return outcome;
    },
    tracesURL: tracing?.url,
    async listen(listenOptions = {}) {
      const host = listenOptions.host ?? engine.config.server.host;
      const port = listenOptions.port ?? engine.config.server.port;
      if (!engine.keysEnabled && !isLoopbackAddress(host) && host !== 'localhost') {
        throw new ConfigError([
          { path: 'server.host', message: `"${host}" is not a loopback address, and no keys are configured: add keys, or listen on 127.0.0.1` },
        ]);
      }
      const server = createServer({ requestTimeout: engine.config.server.requestTimeoutMs, keepAliveTimeout: 65_000 }, listener);
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen({ port, host, backlog: LISTEN_BACKLOG }, () => resolve());
      });
      servers.add(server);
      listening.add(host);
      const address = server.address() as AddressInfo;
      const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
      return { server, url: `http://${shownHost}:${address.port}` };
    },
    async close() {
      await mcp.close(); // the MCP sessions' streams end (their tool calls in flight are aborted, and recorded)
      feed.close(); // the dashboards' event streams end (their browsers reconnect to another replica, or once it is back)
      await Promise.all([...servers].map((server) => closeServer(server, engine.config.server.shutdownGraceMs)));
      // A ledger that cannot write what it holds (its database gone) is reported, and everything else still closes.
      const unwritten = await engine.close().then(
        () => undefined,
        (error: unknown) => error,
      );
      // The spans of everything that ran, shadows included, go before the process does.
      await tracing?.shutdown().catch((error: unknown) => logger.warn({ err: (error as Error).message }, 'sending the last traces failed'));
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
