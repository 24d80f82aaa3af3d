import type { CallInput, TurnInput, Verdict } from '@bench/ledger';
import type { BudgetPeriod } from '../config/limits-schema';

/** A route turn moving from a member that failed to the next one. */
export interface Failover {
  collection?: string;
  keyName: string;
  /** The member that failed, and the one that took over (model aliases). */
  from: string;
  to: string;
  /** The failed attempt's error kind: `rate-limited`, `server`, `connection`, `timeout`, `empty`, `context-length`, … */
  reason: string;
  /** After the first piece: the next member finished the failed member's stream. */
  continuation: boolean;
}

/** A request refused with a 429 by one of the gateway's own limits, before any upstream call (never its prompt). */
export interface Refusal {
  keyName: string;
  /** The collection the request called; absent for a model alias. */
  collection?: string;
  /** Whose limit: the key's own, or the collection's (for every caller together). */
  scope: 'key' | 'collection';
  limit: 'rpm' | 'tpm' | 'budget';
  /** Requests, tokens, or dollars. */
  size: number;
  /** A budget's period. */
  per?: BudgetPeriod;
  /** The 429's Retry-After. */
  retryAfterSeconds: number;
}

/**
 * What the engine tells observers (metrics, traces, a dashboard's live feed): every call, turn and verdict once it
 * hands it to the ledger, each failover of a route turn as the turn is recorded, and each request its limits refused.
 */
export type EngineEvent =
  | { type: 'call'; call: CallInput }
  | { type: 'turn'; turn: TurnInput }
  | { type: 'verdict'; verdict: Verdict }
  | { type: 'failover'; failover: Failover }
  | { type: 'refusal'; refusal: Refusal };

export type EngineEventListener = (event: EngineEvent) => void;

/** Listeners of the engine's events. A listener that throws is dropped from that event only: the turn never sees it. */
export class EngineEvents {
  readonly #listeners = new Set<EngineEventListener>();

  /** Listens until the returned function is called. */
  on(listener: EngineEventListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  get listened(): boolean {
    return this.#listeners.size > 0;
  }

  /** How many listen (the gateway's own counters always do; a dashboard's live feed while someone reads it). */
  get listeners(): number {
    return this.#listeners.size;
  }

  emit(event: EngineEvent): void {
    for (const listener of this.#listeners) {
      try {
        listener(event);
      } catch {
        // An observer's fault is its own; the serving path goes on.
      }
    }
  }
}
