import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { logAccess } from './access-log';
import { CallerPresence } from './caller-presence';
import { isLoopbackAddress } from './auth/is-loopback';
import { extractKey } from './auth/extract-key';
import type { KeyRing } from './auth/key-ring';
import { GatewayError } from './errors/gateway-error';
import { toGatewayError } from './errors/to-gateway-error';
import { applyCors } from './http/cors';
import { matchRoute, type RouteName } from './http/match-route';
import { protocolOfPath } from './http/path-protocol';
import { RequestTarget } from './http/request-target';
import { sendError } from './http/send';
import type { Caller } from './names/permissions';
import type { RequestState } from './request-state';

export type RouteHandler = (state: RequestState) => void | Promise<void>;

export interface RequestHandlerOptions {
  keys: KeyRing;
  cors: readonly string[];
  logger: Logger;
  handlers: Record<RouteName, RouteHandler>;
  /** Called with every error answered with a 5xx, for the error log. */
  onServerError?: (error: GatewayError, state: RequestState) => void;
}

const LOCAL_CALLER: Caller = { keyName: 'local' };

/** The gateway's `(req, res)` listener: CORS, routing, keys, errors in the path's protocol shape, one access-log line. */
export function createRequestHandler(options: RequestHandlerOptions): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    handle(req, res, options).catch((error: unknown) => {
      // Nothing should get here (every route's errors are answered in handle); if something does, the caller's
      // connection goes, not the process.
      options.logger.error({ err: (error as Error)?.message }, 'request handling failed');
      res.destroy();
    });
  };
}

async function handle(req: IncomingMessage, res: ServerResponse, options: RequestHandlerOptions): Promise<void> {
  const startedAt = performance.now();
  const url = new RequestTarget(req.url ?? '/');
  const method = req.method ?? 'GET';
  const presence = new CallerPresence();
  res.on('close', () => {
    if (!res.writableFinished) presence.leave();
  });
  const route = matchRoute(method, url.pathname);
  const state: RequestState = {
    req,
    res,
    url,
    route: route ?? { name: 'root', protocol: protocolOfPath(url.pathname) },
    protocol: route?.protocol ?? protocolOfPath(url.pathname),
    caller: LOCAL_CALLER,
    startedAt,
    presence,
    log: {},
  };
  try {
    if (applyCors(req, res, options.cors)) return;
    if (!route) {
      throw new GatewayError(404, 'not-found', `no route ${method} ${url.pathname}; see the bench README for the routes of each protocol`);
    }
    state.caller = authenticate(req, url, options.keys, route.open === true);
    await options.handlers[route.name](state);
  } catch (thrown) {
    const error = toGatewayError(thrown);
    state.log.error = error.message;
    // A caller that went away ends its own request: that is no fault of the gateway's to report.
    if (error.status >= 500 && !presence.left) options.onServerError?.(error, state);
    sendError(res, state.protocol, error, state.conversation ? { 'x-bench-conversation': state.conversation } : undefined);
  } finally {
    const finish = () =>
      logAccess(options.logger, {
        method,
        route: url.pathname,
        status: res.statusCode,
        ...(state.caller !== LOCAL_CALLER || !options.keys.enabled ? { key: state.caller.keyName } : {}),
        ...state.log,
        seconds: Number(((performance.now() - startedAt) / 1000).toFixed(4)),
      });
    // Nothing to build or wait for when the access log is off (pino at a level above info).
    if (!options.logger.isLevelEnabled('info')) return;
    if (res.writableEnded || res.destroyed) finish();
    else res.once('close', finish);
  }
}

function authenticate(req: IncomingMessage, url: RequestTarget, keys: KeyRing, open: boolean): Caller {
  if (!keys.enabled) {
    if (!isLoopbackAddress(req.socket.remoteAddress)) {
      throw new GatewayError(403, 'permission', 'this gateway has no keys configured, so it serves loopback callers only; configure keys to serve others');
    }
    return LOCAL_CALLER;
  }
  if (open) return LOCAL_CALLER;
  const presented = extractKey(req.headers, url.searchParams);
  if (!presented) {
    throw new GatewayError(401, 'authentication', 'missing key: send it as "Authorization: Bearer <key>", "x-api-key", "x-goog-api-key" or ?key=');
  }
  const caller = keys.find(presented);
  if (!caller) throw new GatewayError(401, 'authentication', 'wrong key: no key configured on this gateway matches it');
  return caller;
}
