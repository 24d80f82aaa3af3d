import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createClient, type Client } from '@bench/client';
import { createLedger, type Ledger } from '@bench/ledger';
import { newPanelId } from '@bench/panel';
import { createRouter } from '@bench/router';
import type { Logger } from 'pino';
import { createLogger } from './access-log';
import { isLoopbackAddress } from './auth/is-loopback';
import { KeyRing } from './auth/key-ring';
import { ConfigError } from './config/config-error';
import { parseConfig } from './config/parse-config';
import type { GatewayConfig } from './config/resolved-config';
import { createRequestHandler } from './handle-request';
import { buildHandlers } from './handlers/build-handlers';
import { ledgerRecordSource } from './runtime/ledger-record-source';
import type { GatewayRuntime } from './runtime/gateway-runtime';
import { openState } from './runtime/open-state';
import { routerOwnedHealth } from './runtime/router-owned-health';
import { keyEntriesFrom } from './auth/key-entries';

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
}

export interface Gateway {
  /** The `(req, res)` listener: mount it in `http.createServer`, Express or Fastify. */
  listener: (req: IncomingMessage, res: ServerResponse) => void;
  config: GatewayConfig;
  ledger: Ledger;
  /** Starts a server on the config's (or the given) host and port; refuses a non-loopback host without keys. */
  listen(options?: { port?: number; host?: string }): Promise<{ server: Server; url: string }>;
  /** Stops accepting, lets streams finish up to `server.shutdownGraceMs`, flushes and closes the ledger. */
  close(): Promise<void>;
}

function isParsed(config: GatewayOptions['config']): config is GatewayConfig {
  return 'source' in config && 'defaults' in config && typeof (config as GatewayConfig).server?.bodyLimitBytes === 'number';
}

export async function createGateway(options: GatewayOptions): Promise<Gateway> {
  const config = isParsed(options.config) ? options.config : parseConfig(options.config);
  const env = options.env ?? process.env;
  const keys = new KeyRing(keyEntriesFrom(config, env));
  const logger = options.logger ?? createLogger();
  const ledger = options.ledger ?? (await createLedger(config.ledger, { onError: (error) => logger.error({ err: error.message }, 'ledger write failed') }));
  const state = openState(config.state);
  const now = options.now ?? Date.now;
  const client = options.client ?? createClient({ now, health: routerOwnedHealth, ...(options.random ? { random: options.random } : {}) });
  const records = ledgerRecordSource(ledger, {
    now,
    onError: (error) => logger.warn({ err: (error as Error).message }, "reading the members' records from the ledger failed; ranking by the last ones read"),
  });
  const router = createRouter({
    conversations: state.conversations,
    health: state.health,
    reasoning: state.reasoning,
    records,
    now,
    ...(options.random ? { random: options.random } : {}),
    onStoreError: (error, store) => logger.warn({ err: (error as Error).message, store }, 'a state store could not be read; the turn is planned without it (no stickiness or cooldowns)'),
  });
  const runtime: GatewayRuntime = { config, env, ledger, router, client, records, responses: state.responses, logger, newId: () => newPanelId() };
  const listener = createRequestHandler({
    keys,
    cors: config.server.cors,
    logger,
    handlers: buildHandlers(runtime, state),
    onServerError: (error, request) => logger.error({ route: request.url.pathname, err: error.message, cause: (error.cause as Error | undefined)?.message }, 'server error'),
  });

  const servers = new Set<Server>();
  return {
    listener,
    config,
    ledger,
    async listen(listenOptions = {}) {
      const host = listenOptions.host ?? config.server.host;
      const port = listenOptions.port ?? config.server.port;
      if (!keys.enabled && !isLoopbackAddress(host) && host !== 'localhost') {
        throw new ConfigError([{ path: 'server.host', message: `"${host}" is not a loopback address, and no keys are configured: add keys, or listen on 127.0.0.1` }]);
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
      await Promise.all([...servers].map((server) => closeServer(server, config.server.shutdownGraceMs)));
      // A ledger that cannot write what it holds (its database gone) is reported, and everything else still closes.
      const unwritten = await ledger.close().then(
        () => undefined,
        (error: unknown) => {
          logger.error({ err: (error as Error).message }, 'closing the ledger failed');
          return error;
        },
      );
      await state.close();
      if (!options.logger) await new Promise<void>((resolve) => logger.flush(() => resolve()));
      if (!options.client) await client.close();
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
