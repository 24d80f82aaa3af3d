import { EngineError, type Engine } from '@bench/engine';
import { handleGenerate } from '../generate/handle-generate';
import type { RouteHandler } from '../http/handle-request';
import type { NodeRouteName, RouteName } from '../http/match-route';
import { handleCountTokens } from './count-tokens';
import { handleGeminiModel } from './gemini-model';
import { handleHealth } from './health';
import { handleRecords } from './records';
import { handleMetrics } from './metrics';
import type { GatewayMetrics } from '../metrics/gateway-metrics';
import { handleListModels } from './list-models';
import { handleModelEntry } from './model-entry';
import { handleOllamaPs, handleOllamaVersion } from './ollama-info';
import { handleOllamaShow } from './ollama-show';
import { handleDeleteResponse, handleRetrieveResponse } from './stored-response';
import { handleVerdict } from './verdict';

export function buildHandlers(engine: Engine, metrics: GatewayMetrics | undefined): Record<Exclude<RouteName, NodeRouteName>, RouteHandler> {
  return {
    generate: (request) => handleGenerate(request, engine),
    'count-tokens': (request) => handleCountTokens(request, engine),
    'list-models': (request) => handleListModels(request, engine),
    'gemini-model': (request) => handleGeminiModel(request, engine),
    'model-entry': (request) => handleModelEntry(request, engine),
    'ollama-show': (request) => handleOllamaShow(request, engine),
    'ollama-version': handleOllamaVersion,
    'ollama-ps': handleOllamaPs,
    verdict: (request) => handleVerdict(request, engine),
    health: (request) => handleHealth(request, engine),
    records: (request) => handleRecords(request, engine),
    metrics: (request) => handleMetrics(request, metrics),
    root: (request) => {
      // Claude Code probes HEAD / before its first call.
      if (request.method === 'HEAD') {
        request.reply.empty(200);
        return;
      }
      request.reply.json(200, { name: 'bench', health: '/bench/health', models: '/v1/models' });
    },
    'response-retrieve': (request) => handleRetrieveResponse(request, engine),
    'response-delete': (request) => handleDeleteResponse(request, engine),
    'responses-websocket': (request) => {
      // Codex asks for a WebSocket here first; a quick refusal makes it fall back to POST. (Without an 'upgrade'
      // listener on the server, Node hands upgrade requests to the routes as plain requests: curl's h2c too.)
      const upgrade = request.headers.upgrade;
      if (typeof upgrade === 'string' && upgrade.toLowerCase() === 'websocket') {
        throw new EngineError(426, 'invalid-request', 'WebSockets are not served on /v1/responses; POST /v1/responses instead', {
          headers: { connection: 'close' },
        });
      }
      throw new EngineError(405, 'invalid-request', 'GET /v1/responses (WebSocket) is not served; POST /v1/responses instead');
    },
  };
}
