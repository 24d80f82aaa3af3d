import type { Ledger, Verdict } from '@bench/ledger';
import type { NeutralRequest, Protocol } from '@bench/formats';
import type { GatewayConfig } from './config/resolved-config';
import type { TokenCount } from './count/token-count';
import type { EngineEvents } from './events/engine-events';
import type { KeyUsage } from './limits/key-usage';
import type { ListedModel } from './listings/listed-models';
import type { CollectionRecords } from './records/collection-records';
import type { Caller } from './names/permissions';
import type { Target } from './names/resolve-target';
import type { ResolvedReferences } from './responses-state/item-references';
import type { ShadowCounters } from './shadows/shadow-counters';
import type { Turn } from './turn/turn';
import type { Dashboard } from './dashboard/dashboard';
import type { Sessions } from './sessions/sessions';
import type { TurnHeaders, TurnOptions } from './turn/turn-options';

/** Whether the engine can serve: its ledger and its state store answer. */
export interface EngineHealth {
  ready: boolean;
  ledger: { ok: boolean; error?: string };
  state: { ok: boolean };
  /** Per provider with a key pool: each key by its variable's name (never its value), ready, cooling (why, until when) or unset. */
  keyPools?: Record<string, KeyPoolHealth>;
}

/** One provider's key pool as health shows it. */
export interface KeyPoolHealth {
  keys: KeyHealth[];
  /** Set when the keys' cooldowns could not be read (the state store is down): the keys are shown ready. */
  error?: string;
}

export type KeyHealth =
  | { name: string; state: 'ready' }
  | { name: string; state: 'cooling'; why: 'refused' | 'rate-limited'; until: string }
  | { name: string; state: 'unset' };

/** Responses kept for `previous_response_id`, read and forgotten by the key that made them. */
export interface StoredResponses {
  /** A Responses body's `item_reference`s to items bench kept, replaced in place by the items. */
  resolveReferences(body: unknown, caller: Caller): Promise<ResolvedReferences>;
  /** The stored response as a Responses `response` object, or undefined (none, or another key's). */
  retrieve(id: string, caller: Caller): Promise<Record<string, unknown> | undefined>;
  /** Forgets it; false when there was none for this key. */
  delete(id: string, caller: Caller): Promise<boolean>;
}

/** What a reload changed, as paths and names (never values): `collections.agents.members`, `models.m3 added`. */
export interface Reconfigured {
  changed: string[];
}

/** bench with no wire: turns, verdicts, listings, counts, health. */
export interface Engine {
  readonly config: GatewayConfig;
  readonly ledger: Ledger;
  /** Every call, turn and verdict the engine hands its ledger, as it does (`engine.events.on(listener)`). */
  readonly events: EngineEvents;
  /** Whether keys are configured (without them, a server should serve loopback only). */
  readonly keysEnabled: boolean;
  /** The caller a presented key belongs to, or undefined for a wrong key (compared in constant time). */
  authenticate(secret: string): Caller | undefined;
  /**
   * Applies a new config (parsed, or a config file's raw object) to every request from now on; turns already started
   * finish on the one they started with. Throws a `ConfigError` naming each path and reason, and changes nothing, when
   * it is invalid, names a key variable that is unset, or changes the ledger or the state store (those need a restart).
   */
  reconfigure(config: GatewayConfig | Record<string, unknown>): Reconfigured;
  /** Starts a turn at once; consume it by iterating, `pipe` or `reply()`. */
  turn(request: NeutralRequest, options?: TurnOptions): Turn;
  /** What a name calls for this caller, or the 404 (listing what it may call) or 403, as an `EngineError`. */
  resolve(model: string, options?: { key?: Caller; protocol?: Protocol }): Target;
  /** A verdict on a call this caller made or may judge: `{ call, useful, note? }`. */
  verdict(body: unknown, key?: Caller): Promise<Verdict>;
  /** Per collection the caller may call, member and shape: the record every choice reads, and what the next new conversation would get, with why. */
  records(key?: Caller, only?: { collection?: string; shape?: string }): Promise<CollectionRecords[]>;
  /** What this caller may call, in listing order. */
  listings(key?: Caller): ListedModel[];
  /**
   * A request's input tokens for the member a name the caller may call would send it to (for a route, the member the
   * request's conversation is on, found as its turns find it — `headers` carry a session id — and never bound by
   * counting): that member's own count API where it has one, else a tokenizer for its model family, else bench's
   * estimate; `method` says which.
   */
  countTokens(
    request: NeutralRequest,
    options?: { model?: string; key?: Caller; protocol?: Protocol; headers?: TurnHeaders; signal?: AbortSignal },
  ): Promise<TokenCount>;
  readonly responses: StoredResponses;
  /** What the dashboard shows (its HTTP routes are admin-only). */
  readonly dashboard: Dashboard;
  /** Dashboard logins: an admin key exchanged for a session cookie, kept in the state store. */
  readonly sessions: Sessions;
  /** Per route collection with a `shadow`: shadow calls run, failed, in flight, dropped (busy, budget), and today's cost. */
  shadows(): Record<string, ShadowCounters>;
  /**
   * The caller's requests and tokens in the last minute, its calls, tokens and dollars this UTC day, ISO week and month
   * (from the ledger's hourly totals), its rpm, tpm and budget with what each window holds and when it frees, and those
   * of the collections it may call.
   */
  keyUsage(key?: Caller): Promise<KeyUsage>;
  health(): Promise<EngineHealth>;
  /** Waits for the turns in flight to be recorded, and the shadows they started (within `server.shutdownGraceMs`), then flushes and closes the ledger and the stores. */
  close(): Promise<void>;
}
