import type { CallInput } from '@bench/contracts';
import { usageCost, type Ledger } from '@bench/ledger';
import type { GatewayConfig } from '../config/resolved-config';
import type { Caller } from '../names/permissions';
import { callableNames } from '../names/permissions';
import type { Target } from '../names/resolve-target';
import type { EngineLogger } from '../runtime/engine-logger';
import { limitFigure, type LimitFigure } from './limit-figures';
import { limitRefusal } from './limit-refusal';
import { collectionLimits, counterLimit, counterOf, keyLimits, NANOS_PER_USD, type LimitName, type LimitSpec } from './limit-specs';
import type { LimitStore } from './limit-store';
import { budgetWindow } from './limit-windows';

/** A key's limits and figures (`GET /bench/keys/me`), and those of the collections it may call that have limits. */
export interface KeyUsage {
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
  readonly #counting = new Set<Promise<void>>();

  constructor(options: LimitsOptions) {
    this.#config = options.config;
    this.#store = options.store;
    this.#now = options.now;
    this.#logger = options.logger;
  }

  /** Admits a turn of `caller` to `target`, or throws the 429 of the first limit it is over. */
  async admit(caller: Caller, target: Target): Promise<void> {
    const specs = [...keyLimits(this.#config, caller.keyName), ...(target.kind === 'collection' ? collectionLimits(this.#config, target.collection.name) : [])];
    if (specs.length === 0) return;
    const now = this.#now();
    const checks = specs.map((spec) => ({ counter: counterOf(spec, now), limit: counterLimit(spec), add: spec.name === 'rpm' ? 1 : 0 }));
    let admission: Awaited<ReturnType<LimitStore['admit']>>;
    try {
      admission = await this.#store.admit(checks, now);
    } catch (error) {
      // Like the other state stores: a store that does not answer does not stop the gateway serving.
      this.#logger.warn({ err: (error as Error).message }, 'the limits could not be checked (the state store did not answer); the request goes on unchecked');
      return;
    }
    if (!admission.ok) throw limitRefusal(specs[admission.index]!, admission.used, admission.retryAfterMs, now);
  }

  /** Counts a call's tokens and cost against its key's and its collection's tpm and budget. Shadows are the gateway's own spend: not counted. */
  count(call: CallInput): void {
    if (call.purpose === 'shadow') return;
    const specs = [
      ...(call.keyName !== undefined ? keyLimits(this.#config, call.keyName) : []),
      ...(call.collection !== undefined ? collectionLimits(this.#config, call.collection) : []),
    ];
    if (specs.length === 0) return;
    const tokens = (call.usage?.inputTokens ?? 0) + (call.usage?.outputTokens ?? 0);
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
  async usage(caller: Caller): Promise<KeyUsage> {
    const own = keyLimits(this.#config, caller.keyName);
    const collections = callableNames(this.#config, caller).collections.flatMap((name) => collectionLimits(this.#config, name));
    const specs = [...own, ...collections];
    const now = this.#now();
    const readings = await this.#store.read(
      specs.map((spec) => ({ counter: counterOf(spec, now), limit: counterLimit(spec) })),
      now,
    );
    const usage: KeyUsage = { object: 'bench.key', key: caller.keyName, limits: {}, collections: {} };
    specs.forEach((spec, index) => {
      const figure = limitFigure(spec, readings[index]!, now);
      if (spec.scope === 'key') usage.limits[spec.name] = figure;
      else (usage.collections[spec.owner] ??= {})[spec.name] = figure;
    });
    return usage;
  }

  /** Waits for the counts still being written. */
  async settle(): Promise<void> {
    await Promise.all(this.#counting);
  }

  #collectionSpecs(): LimitSpec[] {
    return Object.keys(this.#config.collections).flatMap((name) => collectionLimits(this.#config, name));
  }

  #track(adding: Promise<void>): void {
    const tracked = adding.catch((error: unknown) =>
      this.#logger.warn({ err: (error as Error).message }, "a call's tokens or cost could not be counted against its limits (the state store did not answer)"),
    );
    this.#counting.add(tracked);
    void tracked.finally(() => this.#counting.delete(tracked));
  }
}
