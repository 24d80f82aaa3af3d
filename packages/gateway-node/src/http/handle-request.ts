import type { IncomingMessage, ServerResponse } from 'node:http';
import { context } from '@opentelemetry/api';
import type { Logger } from 'pino';
import { logAccess } from '../access-log';
import { CallerPresence } from '../caller-presence';
import { isLoopbackAddress } from '../auth/is-loopback';
import { extractKey, keyInQuery } from '../auth/extract-key';
import type { TLSSocket } from 'node:tls';
import { csrfMatches } from '@bench/engine';
import { isSameOrigin } from './same-origin';
import { sessionCookieOf } from './session-cookie';
import type { MatchedRoute } from './match-route';
import { EngineError, LOCAL_CALLER, type Caller, type Engine } from '@bench/engine';
import { toHttpError, type HttpError } from '../errors/to-http-error';
import { applyCors } from './cors';
import { matchRoute, type NodeRouteName, type RouteName } from './match-route';
import type { NodeRouteHandler } from './mcp-route';
import { protocolOfPath } from './path-protocol';
import { RequestTarget } from './request-target';
import { nodeReply } from './node-reply';
import { readJSONBody } from './read-body';
import { sendError } from './send';
import type { RequestState } from '../request-state';
import { cutValue } from '@bench/contracts';
import { RequestTrace } from '../telemetry/request-trace';
import type { Tracing } from '../telemetry/start-tracing';
import type { EndedRequest, RequestObserver } from './request-observer';
import { routeTemplate } from './route-template';

export type RouteHandler = (state: RequestState) => void | Promise<void>;

export interface RequestHandlerOptions {
  engine: Pick<Engine, 'keysEnabled' | 'authenticate' | 'sessions'>;
  /** The origins allowed now (a reload may change them). */
  cors: () => readonly string[];
  logger: Logger;
  handlers: Record<Exclude<RouteName, NodeRouteName>, RouteHandler>;
  /** Routes that need Node's request and response themselves (the MCP transport). */
  nodeHandlers: Record<NodeRouteName, NodeRouteHandler>;
  /** Called with every error answered with a 5xx, for the error log. */
  onServerError?: (error: HttpError, cause: unknown, state: RequestState) => void;
  /** Told of every request as it ends, and of every stream (metrics). */
  observer?: RequestObserver;
  /** Traces on: a span per request, its turn's and its calls' spans within it. */
  tracing?: Pick<Tracing, 'tracer' | 'propagator'>;
}

/** The gateway's `(req, res)` listener: CORS, routing, keys, errors in the path's protocol shape, one access-log line. */
export function createRequestHandler(options: RequestHandlerOptions): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    const traced = options.tracing ? new RequestTrace(options.tracing, req.method ?? 'GET', req.headers) : undefined;
    const handled = traced ? context.with(traced.context, () => handle(req, res, options, traced)) : handle(req, res, options);
    handled.catch((error: unknown) => {
      // Nothing should get here (every route's errors are answered in handle); if something does, the caller's
      // connection goes, not the process.
      options.logger.error({ err: (error as Error)?.message }, 'request handling failed');
      res.destroy();
    });
  };
}

async function handle(req: IncomingMessage, res: ServerResponse, options: RequestHandlerOptions, traced?: RequestTrace): Promise<void> {
  const startedAt = performance.now();
  const url = new RequestTarget(req.url ?? '/');
  const method = req.method ?? 'GET';
  const presence = new CallerPresence();
  res.on('close', () => {
    if (!res.writableFinished) presence.leave();
  });
  const route = matchRoute(method, url.pathname);
  const template = routeTemplate(route, url.pathname);
  const { observer } = options;
  traced?.routed(template, url.pathname, route?.protocol ?? protocolOfPath(url.pathname));
  const state: RequestState = {
    method,
    headers: req.headers,
    readBody: (limit) => readJSONBody(req, limit),
    reply: nodeReply(res, observer),
    url,
    route: route ?? { name: 'root', protocol: protocolOfPath(url.pathname) },
    protocol: route?.protocol ?? protocolOfPath(url.pathname),
    caller: LOCAL_CALLER,
    secure: (req.socket as TLSSocket).encrypted === true || req.headers['x-forwarded-proto'] === 'https',
    startedAt,
    presence,
    log: {},
  };
  if (traced) state.trace = traced; // after the literal: a spread in it would make every request's state a slow object
  let failure: EndedRequest['error'];
  try {
    if (applyCors(req, res, options.cors())) return;
    if (!route) {
      throw new EngineError(
        404,
        'not-found',
        `no route ${method} ${cutValue(url.pathname)}; see docs/routes.md in the bench repository for the routes of each protocol`,
      );
    }
    if (route.admin || route.session) await authenticateDashboard(req, url, options, route, state);
    else state.caller = authenticate(req, url, options.engine, route.open === true);
    if (route.admin && options.engine.keysEnabled && !state.caller.admin) {
      throw new EngineError(
        403,
        'permission',
        `${url.pathname} needs a key marked "admin": true in the gateway's keys; this key (${state.caller.keyName}) is not one`,
      );
    }
    if (route.name === 'mcp') await options.nodeHandlers.mcp(req, res, state);
    else await options.handlers[route.name](state);
  } catch (thrown) {
    const error = toHttpError(thrown);
    state.log.error = error.error.message;
    failure = { kind: error.error.kind, ownRefusal: EngineError.isInstance(thrown) };
    // A caller that went away ends its own request: that is no fault of the gateway's to report.
    if (error.status >= 500 && !presence.left) options.onServerError?.(error, thrown, state);
    const conversation = state.turn?.summary.conversation;
    sendError(res, state.protocol, error, conversation ? { 'x-bench-conversation': conversation } : undefined);
  } finally {
    const logging = options.logger.isLevelEnabled('info');
    const finish = () => {
      const seconds = (performance.now() - startedAt) / 1000;
      if (logging) {
        logAccess(options.logger, {
          method,
          route: url.pathname,
          status: res.statusCode,
          ...(state.caller !== LOCAL_CALLER || !options.engine.keysEnabled ? { key: state.caller.keyName } : {}),
          ...accessFields(state),
          seconds: Number(seconds.toFixed(4)),
        });
      }
      if (!observer && !traced) return;
      const ended: EndedRequest = { state, route: template, status: res.statusCode, seconds, ...(failure ? { error: failure } : {}) };
      observer?.ended(ended);
      traced?.end(ended);
    };
    // Nothing to build or wait for when nobody is told (the access log off: pino at a level above info; no metrics, no traces).
    if (logging || observer || traced) {
      if (res.writableEnded || res.destroyed) finish();
      else res.once('close', finish);
    }
  }
}

/** What the request came to, for its access-log line: the turn's summary (collection, reply, member, cost), then the request's own. */
function accessFields(state: RequestState): Record<string, unknown> {
  const summary = state.turn?.summary;
  if (!summary) return state.log;
  const fields: Record<string, unknown> = {};
  if (summary.collection !== undefined) fields.collection = summary.collection;
  const model = summary.model ?? state.log.model;
  if (model !== undefined) fields.model = model;
  if (summary.reply !== undefined) fields.reply = summary.reply;
  if (summary.cost !== undefined) fields.cost = summary.cost;
  if (state.log.error !== undefined) fields.error = state.log.error;
  return fields;
}

const CHANGES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The dashboard's routes (admin ones, and those its session may use): a key in a header, or else the session's
 * cookie; never a key in the URL (it ends up in logs and browser history). A change carried by the cookie must come
 * from the gateway's own origin with the session's CSRF token (`x-bench-csrf`), compared in constant time.
 */
async function authenticateDashboard(
  req: IncomingMessage,
  url: RequestTarget,
  options: RequestHandlerOptions,
  route: MatchedRoute,
  state: RequestState,
): Promise<void> {
  const { engine } = options;
  // The dashboard's own routes; POST /bench/verdict, which any caller may use, keeps taking what the other routes take.
  const dashboardOnly = route.admin === true || route.name === 'ui-session';
  if (engine.keysEnabled && dashboardOnly && keyInQuery(url.searchParams)) {
    throw new EngineError(
      401,
      'authentication',
      `${url.pathname} takes no key in the URL (URLs end up in logs and history): send it as "Authorization: Bearer <key>", or log in at /bench/ui/`,
    );
  }
  const presented = extractKey(req.headers, dashboardOnly ? new URLSearchParams() : url.searchParams);
  // The login itself is authenticated by the key in its body; a cookie it carries is the session it replaces.
  const cookie = presented === undefined && !(route.name === 'ui-session' && state.method === 'POST') ? sessionCookieOf(req.headers) : undefined;
  // What a browser sends by itself (a session cookie; with no keys, being on loopback) must not be used by another
  // site's page: such a change must come from the gateway's own origin (or, without keys, one the config allows).
  if (CHANGES.has(state.method) && presented === undefined && !isSameOrigin(req.headers)) {
    const allowed = cookie === undefined && !engine.keysEnabled && corsAllows(options.cors(), req.headers.origin);
    if (!allowed) throw new EngineError(403, 'permission', `${url.pathname} refuses a change sent from another origin (${String(req.headers.origin)})`);
  }
  if (engine.keysEnabled && presented === undefined && cookie === undefined && !route.open) {
    throw new EngineError(
      401,
      'authentication',
      `missing key: send it as "Authorization: Bearer <key>"${route.admin ? ' (an admin one)' : ''}, or log in to the dashboard at /bench/ui/`,
    );
  }
  if (!engine.keysEnabled || presented !== undefined || cookie === undefined) {
    // A key sent to the login's routes is checked like anywhere else (a wrong one is a 401).
    state.caller = authenticate(req, url, engine, route.open === true && presented === undefined);
    return;
  }
  const found = await engine.sessions.find(cookie);
  if (!found) {
    if (route.open) return; // the login page's own routes answer for themselves
    throw new EngineError(401, 'authentication', 'the dashboard session has ended (or its key is no longer an admin one): log in again at /bench/ui/');
  }
  if (CHANGES.has(state.method) && !csrfMatches(found.session, single(req.headers['x-bench-csrf']))) {
    throw new EngineError(403, 'permission', 'missing or wrong x-bench-csrf header: send the csrf token GET /bench/ui/session gives with every change');
  }
  state.caller = found.caller;
  state.session = found.session;
}

function corsAllows(origins: readonly string[], origin: string | undefined): boolean {
  return origin !== undefined && (origins.includes(origin) || origins.includes('*'));
}

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function authenticate(req: IncomingMessage, url: RequestTarget, keys: RequestHandlerOptions['engine'], open: boolean): Caller {
  if (!keys.keysEnabled) {
    if (!isLoopbackAddress(req.socket.remoteAddress)) {
      throw new EngineError(403, 'permission', 'this gateway has no keys configured, so it serves loopback callers only; configure keys to serve others');
    }
    return LOCAL_CALLER;
  }
  if (open) return LOCAL_CALLER;
  const presented = extractKey(req.headers, url.searchParams);
  if (!presented) {
    throw new EngineError(401, 'authentication', 'missing key: send it as "Authorization: Bearer <key>", "x-api-key", "x-goog-api-key" or ?key=');
  }
  const caller = keys.authenticate(presented);
  if (!caller) throw new EngineError(401, 'authentication', 'wrong key: no key configured on this gateway matches it');
  return caller;
}
