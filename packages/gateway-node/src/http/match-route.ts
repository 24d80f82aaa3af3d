import type { Protocol } from '@bench/formats';

export type RouteName =
  | 'generate'
  | 'count-tokens'
  | 'list-models'
  | 'gemini-model'
  | 'ollama-show'
  | 'ollama-version'
  | 'ollama-ps'
  | 'verdict'
  | 'health'
  | 'root'
  | 'responses-websocket'
  | 'response-retrieve'
  | 'response-delete'
  | 'model-entry'
  | 'records'
  | 'key-usage'
  | 'dashboard'
  | 'dashboard-export'
  | 'dashboard-events'
  | 'ui-session'
  | 'ui-static'
  | 'config'
  | 'config-edit'
  | 'config-undo'
  | 'metrics'
  | NodeRouteName;

/** The dashboard's JSON views (`GET /bench/<view>[/<id>]`). */
export type DashboardView = 'overview' | 'collections' | 'calls' | 'call' | 'conversations' | 'conversation' | 'panels' | 'panel' | 'models';

/** Routes served on Node's own request and response (see node-route handlers in the http folder). */
export type NodeRouteName = 'mcp';

export interface MatchedRoute {
  name: RouteName;
  protocol: Protocol;
  /** The model named in the path (Gemini). */
  pathModel?: string;
  stream?: boolean;
  endpoint?: 'chat' | 'generate';
  /** Routes that need no key. */
  open?: boolean;
  /** Routes that need a key marked `admin` when keys are configured (dashboard, metrics). */
  admin?: boolean;
  /** Routes a dashboard session's cookie opens (admin routes do too); a change it carries needs the session's CSRF token. */
  session?: boolean;
  /** The dashboard view a `dashboard` route answers, and the id in its path. */
  view?: DashboardView;
  pathId?: string;
  /** Codex's `/responses/compact`: compact the conversation instead of answering it. */
  compact?: boolean;
  /** The stored response named in the path (`/v1/responses/{id}`). */
  responseId?: string;
}

/** `GET /bench/<list>` and `GET /bench/<list>/<id>`: the dashboard's views. */
const DASHBOARD_LISTS: Record<string, { list: DashboardView; one?: DashboardView }> = {
  calls: { list: 'calls', one: 'call' },
  conversations: { list: 'conversations', one: 'conversation' },
  panels: { list: 'panels', one: 'panel' },
  overview: { list: 'overview' },
  collections: { list: 'collections' },
  models: { list: 'models' },
};
const DASHBOARD_PATH = /^\/bench\/([a-z]+)(?:\/([^/]+))?$/;

const GEMINI_MODEL = /^\/v1beta\/models\/(.+):(generateContent|streamGenerateContent|countTokens)$/;
const STORED_RESPONSE = /^\/v1\/responses\/([^/]+)$/;

/** The route a method and path name, or undefined (a 404 in the path's protocol shape). */
export function matchRoute(method: string, path: string): MatchedRoute | undefined {
  // MCP's Streamable HTTP: requests POSTed, the server's stream on GET, the session ended with DELETE.
  if (path === '/mcp' && (method === 'POST' || method === 'GET' || method === 'DELETE')) return { name: 'mcp', protocol: 'openai-chat' };
  if (path === '/bench/ui/session' && (method === 'POST' || method === 'GET' || method === 'DELETE')) {
    return { name: 'ui-session', protocol: 'openai-chat', open: true, session: true };
  }
  if (method === 'POST') {
    switch (path) {
      case '/v1/chat/completions':
        return { name: 'generate', protocol: 'openai-chat' };
      case '/v1/responses':
        return { name: 'generate', protocol: 'openai-responses' };
      case '/v1/responses/compact':
        return { name: 'generate', protocol: 'openai-responses', compact: true };
      case '/v1/messages':
        return { name: 'generate', protocol: 'anthropic' };
      case '/v1/messages/count_tokens':
        return { name: 'count-tokens', protocol: 'anthropic' };
      case '/api/chat':
        return { name: 'generate', protocol: 'ollama', endpoint: 'chat' };
      case '/api/generate':
        return { name: 'generate', protocol: 'ollama', endpoint: 'generate' };
      case '/api/show':
        return { name: 'ollama-show', protocol: 'ollama' };
      case '/bench/verdict':
        return { name: 'verdict', protocol: 'openai-chat', session: true };
      case '/bench/config':
        return { name: 'config-edit', protocol: 'openai-chat', admin: true };
      case '/bench/config/undo':
        return { name: 'config-undo', protocol: 'openai-chat', admin: true };
    }
    const gemini = GEMINI_MODEL.exec(path);
    if (gemini) {
      const pathModel = safeDecode(gemini[1]!);
      if (gemini[2] === 'countTokens') return { name: 'count-tokens', protocol: 'gemini', pathModel };
      return { name: 'generate', protocol: 'gemini', pathModel, stream: gemini[2] === 'streamGenerateContent' };
    }
    return undefined;
  }
  if (method === 'GET' || method === 'HEAD') {
    switch (path) {
      case '/':
        // Only Claude Code's HEAD probe is open (DESIGN); GET / is a route like the others.
        return { name: 'root', protocol: 'openai-chat', open: method === 'HEAD' };
      case '/bench/records':
        return { name: 'records', protocol: 'openai-chat', session: true };
      case '/bench/keys/me':
        return { name: 'key-usage', protocol: 'openai-chat' };
      case '/bench/config':
        return { name: 'config', protocol: 'openai-chat', admin: true };
      case '/metrics':
        return { name: 'metrics', protocol: 'openai-chat', admin: true };
      case '/bench/health':
        return { name: 'health', protocol: 'openai-chat', open: true };
      case '/v1/models':
        return { name: 'list-models', protocol: 'openai-chat' };
      case '/v1beta/models':
        return { name: 'list-models', protocol: 'gemini' };
      case '/api/tags':
        return { name: 'list-models', protocol: 'ollama' };
      case '/api/version':
        return { name: 'ollama-version', protocol: 'ollama' };
      case '/api/ps':
        return { name: 'ollama-ps', protocol: 'ollama' };
      case '/v1/responses':
        return { name: 'responses-websocket', protocol: 'openai-responses' };
    }
    if (path === '/bench/ui' || path.startsWith('/bench/ui/')) return { name: 'ui-static', protocol: 'openai-chat', open: true };
    if (path === '/bench/events') return { name: 'dashboard-events', protocol: 'openai-chat', admin: true };
    if (path === '/bench/calls/export') return { name: 'dashboard-export', protocol: 'openai-chat', admin: true };
    const dashboard = DASHBOARD_PATH.exec(path);
    const views = dashboard && Object.hasOwn(DASHBOARD_LISTS, dashboard[1]!) ? DASHBOARD_LISTS[dashboard[1]!]! : undefined;
    if (views && dashboard) {
      if (dashboard[2] === undefined) return { name: 'dashboard', protocol: 'openai-chat', admin: true, view: views.list };
      if (views.one) return { name: 'dashboard', protocol: 'openai-chat', admin: true, view: views.one, pathId: safeDecode(dashboard[2]) };
    }
    if (path.startsWith('/v1/models/')) {
      return { name: 'model-entry', protocol: 'openai-chat', pathModel: safeDecode(path.slice('/v1/models/'.length)) };
    }
    if (path.startsWith('/v1beta/models/')) {
      return { name: 'gemini-model', protocol: 'gemini', pathModel: safeDecode(path.slice('/v1beta/models/'.length)) };
    }
  }
  const stored = (method === 'GET' || method === 'HEAD' || method === 'DELETE') && STORED_RESPONSE.exec(path);
  if (stored) {
    const name = method === 'DELETE' ? 'response-delete' : 'response-retrieve';
    return { name, protocol: 'openai-responses', responseId: safeDecode(stored[1]!) };
  }
  return undefined;
}

/** A path segment decoded, or as sent when it is no valid percent-encoding (then it names nothing: a 404 that says what does). */
function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
