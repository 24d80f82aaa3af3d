import type { BudgetPeriod } from '../config/limits-schema';
import type { GatewayConfig } from '../config/resolved-config';
import type { Counter } from './limit-store';
import { budgetWindow, SLIDING_WINDOW_MS } from './limit-windows';

export type LimitName = 'rpm' | 'tpm' | 'budget';

/** One configured limit: whose (a key's own, or a collection's for everyone calling it), which, and its size. */
export interface LimitSpec {
  scope: 'key' | 'collection';
  owner: string;
  name: LimitName;
  /** Requests, tokens, or dollars. */
  size: number;
  per?: BudgetPeriod;
}

/** Budgets are counted in whole nanodollars, so that replicas add integers and the sums carry no float noise. */
export const NANOS_PER_USD = 1e9;

interface Limited {
  rpm?: number | undefined;
  tpm?: number | undefined;
  budget?: { usd: number; per: BudgetPeriod } | undefined;
}

/** What most keys and collections have: shared, so that a turn and each call without limits allocate nothing for them. */
export const NO_LIMITS: readonly LimitSpec[] = Object.freeze([]);

function specsOf(scope: LimitSpec['scope'], owner: string, limited: Limited | undefined): readonly LimitSpec[] {
  if (!limited || (limited.rpm === undefined && limited.tpm === undefined && !limited.budget)) return NO_LIMITS;
  const specs: LimitSpec[] = [];
  if (limited.rpm !== undefined) specs.push({ scope, owner, name: 'rpm', size: limited.rpm });
  if (limited.tpm !== undefined) specs.push({ scope, owner, name: 'tpm', size: limited.tpm });
  if (limited.budget) specs.push({ scope, owner, name: 'budget', size: limited.budget.usd, per: limited.budget.per });
  return specs;
}

/** A key's own limits (none for a name the config does not hold: the local caller). */
export const keyLimits = (config: GatewayConfig, keyName: string) => specsOf('key', keyName, config.keys[keyName]);

/** A collection's limits, for everyone calling it. */
export const collectionLimits = (config: GatewayConfig, collection: string) => specsOf('collection', collection, config.collections[collection]);

/** Where a limit is counted at `now`: rpm and tpm in a sliding minute; a budget in its period's own counter. */
export function counterOf(spec: LimitSpec, now: number): Counter {
  const base = `${spec.scope}:${spec.owner}:${spec.name}`;
  if (spec.name !== 'budget') return { kind: 'sliding', name: base, windowMs: SLIDING_WINDOW_MS };
  const window = budgetWindow(spec.per!, now);
  return { kind: 'fixed', name: `${base}:${spec.per}:${new Date(window.start).toISOString().slice(0, 10)}`, resetsAt: window.end };
}

/** Where a key's `rpm` or `tpm` limit counts its last minute (only a key with that limit counts there). */
export const keyMinuteCounter = (keyName: string, name: 'rpm' | 'tpm'): Counter => counterOf({ scope: 'key', owner: keyName, name, size: 0 }, 0);

/**
 * One second of the requests (`rpm`) or tokens (`tpm`) of a key without that limit, counted for `GET /bench/keys/me`
 * only: a counter per second, so that counting is one addition however busy the key (a sliding counter holds an entry
 * per request), and the figure is the sum of the last 60 seconds'.
 */
export const keyMinuteSlot = (keyName: string, name: 'rpm' | 'tpm', now: number): Counter => {
  const second = Math.floor(now / 1000);
  return { kind: 'fixed', name: `key:${keyName}:${name}:second:${second}`, resetsAt: (second + 61) * 1000 };
};

/** The last minute's seconds of `keyMinuteSlot`, this one included. */
export const keyMinuteSlots = (keyName: string, name: 'rpm' | 'tpm', now: number): Counter[] =>
  Array.from({ length: 60 }, (_, back) => keyMinuteSlot(keyName, name, now - back * 1000));

/** The limit of a counter counted for the figures only: never reached. */
export const UNLIMITED = Number.MAX_SAFE_INTEGER;

/** The limit in the counter's units. */
export const counterLimit = (spec: LimitSpec) => (spec.name === 'budget' ? Math.round(spec.size * NANOS_PER_USD) : spec.size);
