import { EngineError, type Engine } from '@bench/engine';
import { handleGenerate } from '../generate/handle-generate';
import type { RouteHandler } from '../http/handle-request';
import type { NodeRouteName, RouteName } from '../http/match-route';
import { handleEditConfig, handleGetConfig, handleUndoConfig, type ConfigRoutes } from './config';
import { handleCountTokens } from './count-tokens';
import { handleGeminiModel } from './gemini-model';
import { handleHealth } from './health';
import { handleKeyUsage } from './key-usage';
import { handleRecords } from './records';
import { handleMetrics } from './metrics';
import type { GatewayMetrics } from '../metrics/gateway-metrics';
import { handleListModels } from './list-models';
import { handleModelEntry } from './model-entry';
import { handleOllamaPs, handleOllamaVersion } from './ollama-info';
import { handleOllamaShow } from './ollama-show';
import { handleDeleteResponse, handleRetrieveResponse } from './stored-response';
import { handleVerdict } from './verdict';
import type { StaticFiles } from '../dashboard-ui/static-files';
import type { LiveFeed } from '../live/live-feed';
import { handleDashboard } from './dashboard';
import { handleDashboardEvents } from './dashboard-events';
import { handleDashboardExport } from './dashboard-export';
import { handleUiSession } from './ui-session';
import { handleUiStatic } from './ui-static';

/** What the dashboard's routes serve besides the engine: the live feed of events, and the app's files (when installed). */
export interface DashboardServing {
  feed: LiveFeed;
  files: StaticFiles | undefined;
}

export function buildHandlers(
  engine: Engine,
  dashboard: DashboardServing,
  config: ConfigRoutes,
  metrics: GatewayMetrics | undefined,
): Record<Exclude<RouteName, NodeRouteName>, RouteHandler> {
  return {
    dashboard: (request) => handleDashboard(request, engine),
    'dashboard-export': (request) => handleDashboardExport(request, engine),
    'dashboard-events': (request) => handleDashboardEvents(request, dashboard.feed, engine.config.server.keepAliveMs),
    'ui-session': (request) => handleUiSession(request, engine),
    'ui-static': (request) => handleUiStatic(request, dashboard.files),
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
    'key-usage': (request) => handleKeyUsage(request, engine),
    config: (request) => handleGetConfig(request, config),
    'config-edit': (request) => handleEditConfig(request, engine, config),
    'config-undo': (request) => handleUndoConfig(request, config),
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
