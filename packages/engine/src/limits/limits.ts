import type { CallInput } from '@bench/contracts';
import { usageCost, type Ledger } from '@bench/ledger';
import type { GatewayConfig } from '../config/resolved-config';
import type { Caller } from '../names/permissions';
import { callableNames } from '../names/permissions';
import type { Target } from '../names/resolve-target';
import type { EngineLogger } from '../runtime/engine-logger';
import { limitFigure, type LimitFigure } from './limit-figures';
import type { EngineEvents } from '../events/engine-events';
import { limitRefusal, retryAfterSeconds } from './limit-refusal';
import {
  collectionLimits,
  counterLimit,
  counterOf,
  keyLimits,
  keyMinuteCounter,
  keyMinuteSlots,
  NANOS_PER_USD,
  NO_LIMITS,
  UNLIMITED,
  type LimitName,
  type LimitSpec,
} from './limit-specs';
import type { LimitStore } from './limit-store';
import { budgetWindow } from './limit-windows';
import { MinuteSlots } from './minute-slots';

/** A key's limits and figures, and those of the collections it may call that have limits. */
export interface KeyLimitFigures {
  object: 'bench.key';
  key: string;
  limits: Partial<Record<LimitName, LimitFigure>>;
  collections: Record<string, Partial<Record<LimitName, LimitFigure>>>;
}

export interface LimitsOptions {
  config: GatewayConfig;
  store: LimitStore;
  now: () => number;
  logger: EngineLogger;
  /** Told of each refusal (`{ type: 'refusal' }`). */
  events: EngineEvents;
}

/** A key's requests and tokens (input plus output, shadows left out) in the last 60 s. */
export interface MinuteCounts {
  requests: number;
  tokens: number;
}

/**
 * Keys' and collections' rpm, tpm and budgets: a turn is admitted (and its request counted) before its first upstream
 * call, or refused with a 429; its calls' tokens and cost are counted as the ledger is handed them.
 */
export class Limits {
  readonly #config: GatewayConfig;
  readonly #store: LimitStore;
  readonly #now: () => number;
  readonly #logger: EngineLogger;
  readonly #events: EngineEvents;
  readonly #counting = new Set<Promise<void>>();
  /** Each key's and collection's limits, worked out once per config (a reload makes a new Limits): read on every turn and call. */
  readonly #keySpecs = new Map<string, readonly LimitSpec[]>();
  readonly #collectionSpecsOf = new Map<string, readonly LimitSpec[]>();
  readonly #slots = new MinuteSlots();

  constructor(options: LimitsOptions) {
    this.#config = options.config;
    this.#store = options.store;
    this.#now = options.now;
    this.#logger = options.logger;
    this.#events = options.events;
  }

  /**
   * Admits a turn of `caller` to `target` (and counts it in the key's minute), or throws the 429 of the first limit it
   * is over. Nothing to check (no limits on the key or the collection): admitted at once, with no promise to wait for.
   */
  admit(caller: Caller, target: Target): void | Promise<void> {
    const own = this.#keyLimits(caller.keyName);
    const collection = target.kind === 'collection' ? target.collection.name : undefined;
    const ofCollection = collection !== undefined ? this.#collectionLimits(collection) : NO_LIMITS;
    const specs = ofCollection.length === 0 ? own : [...own, ...ofCollection];
    const now = this.#now();
    if (specs.length === 0) return this.#countRequest(caller.keyName, own, now); // the turn does not wait for the state store
    return this.#admitChecked(caller, collection, own, specs, now);
  }

  /** A key without an rpm has its requests counted for its figures, after the turn is admitted and without waiting. */
  #countRequest(keyName: string, own: readonly LimitSpec[], now: number): void {
    if (!own.some((spec) => spec.name === 'rpm')) this.#track(this.#store.add(this.#slots.of(keyName, 'rpm', now), 1, now));
  }

  async #admitChecked(caller: Caller, collection: string | undefined, own: readonly LimitSpec[], specs: readonly LimitSpec[], now: number): Promise<void> {
    const checks = specs.map((spec) => ({ counter: counterOf(spec, now), limit: counterLimit(spec), add: spec.name === 'rpm' ? 1 : 0 }));
    let admission: Awaited<ReturnType<LimitStore['admit']>>;
    try {
      admission = await this.#store.admit(checks, now);
    } catch (error) {
      // Like the other state stores: a store that does not answer does not stop the gateway serving.
      this.#logger.warn({ err: (error as Error).message }, 'the limits could not be checked (the state store did not answer); the request goes on unchecked');
      return;
    }
    if (admission.ok) return this.#countRequest(caller.keyName, own, now);
    const spec = specs[admission.index]!;
    const refusal = limitRefusal(spec, admission.used, admission.retryAfterMs, now);
    this.#events.emit({
      type: 'refusal',
      refusal: {
        keyName: caller.keyName,
        ...(collection !== undefined ? { collection } : {}),
        scope: spec.scope,
        limit: spec.name,
        size: spec.size,
        ...(spec.per ? { per: spec.per } : {}),
        retryAfterSeconds: retryAfterSeconds(admission.retryAfterMs),
      },
    });
    throw refusal;
  }

  /** Counts a call's tokens and cost against its key's and its collection's tpm and budget. Shadows are the gateway's own spend: not counted. */
  count(call: CallInput): void {
    if (call.purpose === 'shadow') return;
    const own = call.keyName !== undefined ? this.#keyLimits(call.keyName) : NO_LIMITS;
    const ofCollection = call.collection !== undefined ? this.#collectionLimits(call.collection) : NO_LIMITS;
    const specs = ofCollection.length === 0 ? own : [...own, ...ofCollection];
    const tokens = (call.usage?.inputTokens ?? 0) + (call.usage?.outputTokens ?? 0);
    // A key without a tpm still has its tokens counted in its minute (`GET /bench/keys/me`).
    if (call.keyName !== undefined && tokens > 0 && !own.some((spec) => spec.name === 'tpm')) {
      const now = this.#now();
      this.#track(this.#store.add(this.#slots.of(call.keyName, 'tpm', now), tokens, now));
    }
    if (specs.length === 0) return;
    const nanos = Math.round((usageCost(call.usage, call.price) ?? 0) * NANOS_PER_USD);
    const now = this.#now();
    for (const spec of specs) {
      const amount = spec.name === 'tpm' ? tokens : spec.name === 'budget' ? nanos : 0;
      if (amount > 0) this.#track(this.#store.add(counterOf(spec, now), amount, now));
    }
  }

  /** With a state store that forgets on restart (`memory:`), each budget starts from what the ledger priced in its period so far. */
  async seed(ledger: Ledger): Promise<void> {
    const now = this.#now();
    const budgets = [...Object.keys(this.#config.keys).flatMap((key) => keyLimits(this.#config, key)), ...this.#collectionSpecs()].filter(
      (spec) => spec.name === 'budget',
    );
    for (const spec of budgets) {
      const from = budgetWindow(spec.per!, now).start;
      try {
        const usd = await ledger.spend(spec.scope === 'key' ? { key: spec.owner, from } : { collection: spec.owner, from });
        const nanos = Math.round(usd * NANOS_PER_USD);
        if (nanos > 0) await this.#store.add(counterOf(spec, now), nanos, now);
      } catch (error) {
        this.#logger.warn(
          { err: (error as Error).message, limit: `${spec.scope} ${spec.owner} budget` },
          'the spend so far could not be read from the ledger; the budget starts from 0',
        );
      }
    }
  }

  /** The caller's limits and figures, and those of the collections it may call. */
  async usage(caller: Caller): Promise<KeyLimitFigures> {
    const own = keyLimits(this.#config, caller.keyName);
    const collections = callableNames(this.#config, caller).collections.flatMap((name) => collectionLimits(this.#config, name));
    const specs = [...own, ...collections];
    const now = this.#now();
    const readings = await this.#store.read(
      specs.map((spec) => ({ counter: counterOf(spec, now), limit: counterLimit(spec) })),
      now,
    );
    const usage: KeyLimitFigures = { object: 'bench.key', key: caller.keyName, limits: {}, collections: {} };
    specs.forEach((spec, index) => {
      const figure = limitFigure(spec, readings[index]!, now);
      if (spec.scope === 'key') usage.limits[spec.name] = figure;
      else (usage.collections[spec.owner] ??= {})[spec.name] = figure;
    });
    return usage;
  }

  /** The key's requests and tokens in the last minute, counted whether or not it has an rpm or a tpm. */
  async minute(keyName: string): Promise<MinuteCounts> {
    await this.settle(); // this process's counts still on their way to the store are in the figure
    const now = this.#now();
    // A key with the limit counts in the limit's sliding minute, one without in its seconds: the sum of both is its minute.
    const counters = [
      keyMinuteCounter(keyName, 'rpm'),
      ...keyMinuteSlots(keyName, 'rpm', now),
      keyMinuteCounter(keyName, 'tpm'),
      ...keyMinuteSlots(keyName, 'tpm', now),
    ];
    const readings = await this.#store.read(
      counters.map((counter) => ({ counter, limit: UNLIMITED })),
      now,
    );
    const sum = (from: number, to: number) => readings.slice(from, to).reduce((total, reading) => total + reading.used, 0);
    return { requests: sum(0, 61), tokens: sum(61, 122) };
  }

  /** Waits for the counts still being written. */
  async settle(): Promise<void> {
    await Promise.all(this.#counting);
  }

  #collectionSpecs(): LimitSpec[] {
    return Object.keys(this.#config.collections).flatMap((name) => collectionLimits(this.#config, name));
  }

  #keyLimits(keyName: string): readonly LimitSpec[] {
    let specs = this.#keySpecs.get(keyName);
    if (specs === undefined) this.#keySpecs.set(keyName, (specs = keyLimits(this.#config, keyName)));
    return specs;
  }

  #collectionLimits(collection: string): readonly LimitSpec[] {
    let specs = this.#collectionSpecsOf.get(collection);
    if (specs === undefined) this.#collectionSpecsOf.set(collection, (specs = collectionLimits(this.#config, collection)));
    return specs;
  }

  /** A count on its way to the store, until it is there (a store in memory adds at once: nothing to wait for). */
  #track(adding: void | Promise<void>): void {
    if (adding === undefined) return;
    const tracked: Promise<void> = adding.then(
      () => void this.#counting.delete(tracked),
      (error: unknown) => {
        this.#counting.delete(tracked);
        this.#logger.warn({ err: (error as Error).message }, 'a request, its tokens or its cost could not be counted (the state store did not answer)');
      },
    );
    this.#counting.add(tracked);
  }
}
