import type { Client } from '@bench/client';
import type { Ledger } from '@bench/ledger';
import type { Router } from '@bench/router';
import type { Limits } from '../limits/limits';
import type { ShapeLabelStore } from '../shapes/shape-label-store';
import type { Shadows } from '../shadows/shadows';
import type { EngineEvents } from '../events/engine-events';
import type { EngineLogger } from './engine-logger';
import type { LedgerRecordSource } from './ledger-record-source';
import type { GatewayConfig } from '../config/resolved-config';
import type { ResponseStore } from '../responses-state/response-store';
import type { TranscriptKeeper } from '../transcripts/transcript-keeper';

/** What a turn shares with every other: the config and the packages the gateway composes. */
export interface EngineRuntime {
  config: GatewayConfig;
  /** Where provider keys are read from (`providers.X.apiKeyEnv`). */
  env: NodeJS.ProcessEnv;
  ledger: Ledger;
  router: Router;
  client: Client;
  /** Useful verdicts and last use per model, from the ledger (cached). */
  records: LedgerRecordSource;
  /** Responses replies kept for a later `previous_response_id`. */
  responses: ResponseStore;
  logger: EngineLogger;
  /** Shapers' labels, by conversation (shared by the replicas on a Redis state store). */
  labels: ShapeLabelStore;
  /** Route turns' shadows, started once a turn has answered the caller. */
  shadows: Shadows;
  /** Keys' and collections' rpm, tpm and budgets, checked before a turn's first upstream call. */
  limits: Limits;
  /** Uniform [0, 1) for learned panel seats (the router and client draw from the same injected one). */
  random: () => number;
  /** Keeps prompts and answers; undefined when the config does not ask. */
  transcripts?: TranscriptKeeper;
  /** The engine's observers (`engine.events`). */
  events: EngineEvents;
  /** Short URL-safe ids for panels and replies. */
  newId(): string;
}
