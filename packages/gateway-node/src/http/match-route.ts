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
  | 'metrics'
  | NodeRouteName;

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
  /** Codex's `/responses/compact`: compact the conversation instead of answering it. */
  compact?: boolean;
  /** The stored response named in the path (`/v1/responses/{id}`). */
  responseId?: string;
}

const GEMINI_MODEL = /^\/v1beta\/models\/(.+):(generateContent|streamGenerateContent|countTokens)$/;
const STORED_RESPONSE = /^\/v1\/responses\/([^/]+)$/;

/** The route a method and path name, or undefined (a 404 in the path's protocol shape). */
export function matchRoute(method: string, path: string): MatchedRoute | undefined {
  // MCP's Streamable HTTP: requests POSTed, the server's stream on GET, the session ended with DELETE.
  if (path === '/mcp' && (method === 'POST' || method === 'GET' || method === 'DELETE')) return { name: 'mcp', protocol: 'openai-chat' };
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
        return { name: 'verdict', protocol: 'openai-chat' };
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
        return { name: 'records', protocol: 'openai-chat' };
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
