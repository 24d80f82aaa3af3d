import type { HealthStore } from '@bench/contracts';
import type { ExportOptions, Ledger } from '@bench/ledger';
import type { GatewayConfig } from '../config/resolved-config';
import { type CallsPage, type CallsQuery, type CallView, callsPage, callView } from './calls-view';
import { type CollectionView, collectionsView } from './collections-view';
import { type ConversationsPage, type ConversationsQuery, type ConversationView, conversationsPage, conversationView } from './conversation-view';
import { type ModelView, modelsView } from './models-view';
import { type Overview, type OverviewRange, overview } from './overview';
import { type PanelsPage, type PanelsQuery, type PanelView, panelsPage, panelView } from './panel-view';

/** What the dashboard shows, with no wire: every view reads the ledger (and the state store for health). */
export interface Dashboard {
  /** Calls, cost, failures, seconds and cache reads per model and per key, in buckets over the last hour, day or week. */
  overview(query?: { range?: OverviewRange; collection?: string }): Promise<Overview>;
  /** Each collection with its members' health (ready, cooling until when and why, half-open). */
  collections(): Promise<CollectionView[]>;
  /** Calls newest first, filtered, paged by the opaque `next`. */
  calls(query?: CallsQuery): Promise<CallsPage>;
  /** One call with its verdict, transcript and shadows; a 404 `EngineError` for an unknown one. */
  call(id: string): Promise<CallView>;
  conversations(query?: ConversationsQuery): Promise<ConversationsPage>;
  /** A conversation's turns in order; a 404 for an unknown one. */
  conversation(id: string): Promise<ConversationView>;
  panels(query?: PanelsQuery): Promise<PanelsPage>;
  /** A panel's seats and merger side by side; a 404 for an unknown one. */
  panel(id: string): Promise<PanelView>;
  /** Each model's capabilities, price and record per shape. */
  models(): Promise<ModelView[]>;
  /** The calls in a time range as CSV or JSONL, as `bench-gateway export` writes them. */
  exportCalls(options: ExportOptions): AsyncIterable<string>;
}

/** `config` is read on every view: a reload changes the models and collections shown. */
export function createDashboard(config: () => GatewayConfig, ledger: Ledger, health: HealthStore, now: () => number): Dashboard {
  return {
    overview: (query) => overview(ledger, now(), query),
    collections: () => collectionsView(config(), health, now()),
    calls: (query) => callsPage(ledger, query),
    call: (id) => callView(ledger, config(), id),
    conversations: (query) => conversationsPage(ledger, query),
    conversation: (id) => conversationView(ledger, config(), id),
    panels: (query) => panelsPage(ledger, query),
    panel: (id) => panelView(ledger, config(), id),
    models: () => modelsView(ledger, config()),
    exportCalls: (options) => ledger.exportCalls(options),
  };
}
