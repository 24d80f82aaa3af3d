import { answerOf, type TranscriptKeeper } from '../transcripts/transcript-keeper';
import type { Client } from '@bench/client';
import { shadowCallId, usageCost, type Ledger } from '@bench/ledger';
import type { GatewayConfig, ResolvedCollection } from '../config/resolved-config';
import { DEFAULT_SHADOW_MAX_CONCURRENT } from '../config/defaults';
import type { EngineLogger } from '../runtime/engine-logger';
import { withCallerBetas } from '../runtime/caller-betas';
import { modelTargetOf } from '../runtime/model-target';
import { DailyBudget } from './daily-budget';
import { shadowCallRecord } from './shadow-call-record';
import { emptyShadowCounters, type ShadowCounters } from './shadow-counters';
import type { ShadowTurn } from './shadow-turn';

export interface ShadowsOptions {
  config: GatewayConfig;
  env: NodeJS.ProcessEnv;
  client: Client;
  ledger: Ledger;
  logger: EngineLogger;
  /** Which turns are shadowed (`random() < rate`): the engine's injectable random. */
  random: () => number;
  /** The clock the daily cap's day is read from (epoch ms). */
  now: () => number;
  /** Keeps each shadow's prompt and answer, when its turn's config asks. */
  transcripts?: TranscriptKeeper;
}

interface CollectionShadows {
  counters: ShadowCounters;
  budget: DailyBudget;
  /** The next shadow member, round-robin. */
  next: number;
}

/**
 * A route collection's shadows: once a turn has answered the caller, a share of turns (`shadow.rate`) is sent, as the
 * member was sent it, to a shadow member in turn, read to its end and recorded (purpose `shadow`, `<call>-shadow-1`).
 * Nothing of it reaches the caller, nothing waits for it, and its failures stay its own. A turn picked while the
 * collection's shadow calls are all busy, or once its `usdPerDay` is spent, is dropped and counted with why.
 */
export class Shadows {
  #options: ShadowsOptions;
  readonly #collections = new Map<string, CollectionShadows>();
  readonly #inFlight = new Set<Promise<void>>();
  readonly #aborts = new Set<AbortController>();
  readonly #unpricedTold = new Set<string>();

  constructor(options: ShadowsOptions) {
    this.#options = options;
  }

  /** Called by a route turn's `finish()`: picks, and starts a shadow on the next turn of the event loop. Never throws. */
  after(turn: ShadowTurn): void {
    if (turn.target.kind !== 'collection') return;
    const collection = turn.target.collection;
    const shadow = collection.shadow;
    if (!shadow || !turn.result.ok || turn.aborted) return;
    try {
      if (!(this.#options.random() < shadow.rate)) return;
      const state = this.#stateOf(collection);
      if (state.counters.inFlight >= (shadow.maxConcurrent ?? DEFAULT_SHADOW_MAX_CONCURRENT)) {
        state.counters.dropped.busy += 1;
        return;
      }
      if (state.budget.reached()) {
        state.counters.dropped.budget += 1;
        return;
      }
      const alias = shadow.members[state.next % shadow.members.length]!;
      state.next += 1;
      state.counters.run += 1;
      state.counters.inFlight += 1;
      const running = this.#run(collection, state, alias, turn).finally(() => {
        state.counters.inFlight -= 1;
        this.#inFlight.delete(running);
      });
      this.#inFlight.add(running);
    } catch (error) {
      this.#options.logger.warn({ err: (error as Error).message, collection: collection.name }, 'a shadow could not start; the turn is not shadowed');
    }
  }

  /** A reloaded config: its collections' shadows from now on. Counters and today's spending stay with the collection's name. */
  reconfigure(config: GatewayConfig): void {
    this.#options = { ...this.#options, config };
  }

  /** Counters per collection that has a `shadow`, by name (a copy). */
  counters(): Record<string, ShadowCounters> {
    const counters: Record<string, ShadowCounters> = {};
    for (const collection of Object.values(this.#options.config.collections)) {
      if (!collection.shadow) continue;
      const state = this.#stateOf(collection);
      counters[collection.name] = { ...state.counters, dropped: { ...state.counters.dropped }, usdToday: state.budget.spent };
    }
    return counters;
  }

  /** Resolves once no shadow is in flight (including ones started while it waits). */
  async settle(): Promise<void> {
    while (this.#inFlight.size > 0) await Promise.all(this.#inFlight);
  }

  /** Aborts the shadows still in flight (they are recorded as aborted) and waits for their records. */
  async abort(): Promise<void> {
    for (const abort of this.#aborts) abort.abort();
    await this.settle();
  }

  #stateOf(collection: ResolvedCollection): CollectionShadows {
    let state = this.#collections.get(collection.name);
    if (!state) {
      state = { counters: emptyShadowCounters(), budget: new DailyBudget(collection.shadow?.usdPerDay, this.#options.now), next: 0 };
      this.#collections.set(collection.name, state);
    }
    state.budget.cap = collection.shadow?.usdPerDay;
    return state;
  }

  async #run(collection: ResolvedCollection, state: CollectionShadows, alias: string, turn: ShadowTurn): Promise<void> {
    const { env, client, ledger, logger } = this.#options;
    const { config } = turn;
    const abort = new AbortController();
    this.#aborts.add(abort);
    try {
      // The next turn of the event loop: the caller's last event is handed over (and its reply resolved) first.
      await new Promise<void>((resolve) => setImmediate(resolve));
      const settings = collection.settings;
      const run = client.call(withCallerBetas(modelTargetOf(config, alias, env), turn.betas), turn.request, {
        signal: abort.signal,
        timeouts: settings.timeouts,
        retry: settings.retry,
        cooldown: settings.cooldown,
      });
      const result = await run.collect();
      const model = config.models[alias];
      const record = shadowCallRecord(
        { id: shadowCallId(turn.call, 1), collection: collection.name, keyName: turn.keyName, alias, model, unit: turn.plan.conversation },
        result,
      );
      ledger.recordCall(record);
      if (result.ok && config.transcripts) this.#options.transcripts?.keep(record.id, turn.request, answerOf(result));
      if (!result.ok) state.counters.failed += 1;
      const cost = usageCost(result.usage, model?.price);
      if (cost !== null) state.budget.add(cost);
      else if (result.usage && !this.#unpricedTold.has(alias)) {
        this.#unpricedTold.add(alias);
        logger.warn({ alias, collection: collection.name }, "a shadow model has no price: its calls count 0 toward the collection's shadow usdPerDay");
      }
    } catch (error) {
      state.counters.failed += 1;
      logger.warn({ err: (error as Error).message, alias, collection: collection.name }, 'a shadow call failed before it was made');
    } finally {
      this.#aborts.delete(abort);
    }
  }
}
