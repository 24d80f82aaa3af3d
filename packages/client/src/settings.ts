/** Deadlines of one upstream call (DESIGN.md `timeouts`). `firstTokenMs` also bounds the wait for headers. */
export interface Timeouts {
  firstTokenMs: number;
  idleMs: number;
  totalMs: number;
}

/** Retries and failover (DESIGN.md `retry`), plus the backoff base before a 5xx/reset retry. */
export interface RetrySettings {
  retryAfterMaxMs: number;
  serverErrorRetries: number;
  maxMembers: number;
  /** The jittered backoff before a 5xx or reset retry is between this and twice this. */
  backoffMs: number;
  /**
   * How many times a stream that fails after its first piece (cut, idle past `idleMs`, an upstream error event) is
   * finished by another member (or the same one) within the turn's `totalMs` (see run-recovery.ts); 0 turns it off.
   */
  continuations: number;
}

/** When a model cools down (DESIGN.md `cooldown`). */
export interface CooldownSettings {
  afterFailures: number;
  forMs: number;
}

export const DEFAULT_TIMEOUTS: Timeouts = { firstTokenMs: 90_000, idleMs: 60_000, totalMs: 600_000 };
export const DEFAULT_RETRY: RetrySettings = { retryAfterMaxMs: 5_000, serverErrorRetries: 1, maxMembers: 3, backoffMs: 250, continuations: 2 };
export const DEFAULT_COOLDOWN: CooldownSettings = { afterFailures: 3, forMs: 30_000 };

/** What one frozen layer over a base came to, kept with the layer: it cannot change, and a gateway passes the same one on every call. */
const overFrozen = new WeakMap<object, { base: object; out: object }>();

/**
 * Later layers win: client defaults, then the call's (collection's), then the model's own.
 * With no layer at all, `base` itself (settings are read, never changed, once made); with
 * one frozen layer, the result worked out the first time (frozen too).
 */
export function layered<T extends object>(base: T, ...layers: Array<Partial<T> | undefined>): T {
  if (layers.every((layer) => layer === undefined)) return base;
  const only = layers.length === 1 ? layers[0] : undefined;
  if (only === undefined || !Object.isFrozen(only)) return merge(base, layers);
  const known = overFrozen.get(only);
  if (known?.base === base) return known.out as T;
  const out = Object.freeze(merge(base, layers));
  overFrozen.set(only, { base, out });
  return out;
}

function merge<T extends object>(base: T, layers: Array<Partial<T> | undefined>): T {
  const out = { ...base } as Record<string, unknown>;
  for (const layer of layers) {
    if (!layer) continue;
    // Own keys only, as Object.entries reads them, without an entry array per key (this runs on every call).
    for (const key in layer) {
      if (!Object.hasOwn(layer, key)) continue;
      const value = (layer as Record<string, unknown>)[key];
      if (value !== undefined) out[key] = value;
    }
  }
  return out as T;
}
