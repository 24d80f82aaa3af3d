import type { Client } from '@bench/client';
import type { Ledger } from '@bench/ledger';
import type { RecordSource, Router } from '@bench/router';
import type { ShapeLabels } from '../shapes/turn-shape';
import type { Shadows } from '../shadows/shadows';
import type { EngineEvents } from '../events/engine-events';
import type { EngineLogger } from './engine-logger';
import type { GatewayConfig } from '../config/resolved-config';
import type { ResponseStore } from '../responses-state/response-store';

/** What a turn shares with every other: the config and the packages the gateway composes. */
export interface EngineRuntime {
  config: GatewayConfig;
  /** Where provider keys are read from (`providers.X.apiKeyEnv`). */
  env: NodeJS.ProcessEnv;
  ledger: Ledger;
  router: Router;
  client: Client;
  /** Useful verdicts and last use per model, from the ledger (cached). */
  records: RecordSource;
  /** Responses replies kept for a later `previous_response_id`. */
  responses: ResponseStore;
  logger: EngineLogger;
  /** Shapers' labels, by conversation. */
  labels: ShapeLabels;
  /** Route turns' shadows, started once a turn has answered the caller. */
  shadows: Shadows;
  /** The engine's observers (`engine.events`). */
  events: EngineEvents;
  /** Short URL-safe ids for panels and replies. */
  newId(): string;
}
