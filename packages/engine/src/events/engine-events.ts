import type { CallInput, TurnInput, Verdict } from '@bench/ledger';

/** What the engine tells observers (metrics, a dashboard's live feed) once it hands it to the ledger. */
export type EngineEvent = { type: 'call'; call: CallInput } | { type: 'turn'; turn: TurnInput } | { type: 'verdict'; verdict: Verdict };

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
