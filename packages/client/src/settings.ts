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
}

/** When a model cools down (DESIGN.md `cooldown`). */
export interface CooldownSettings {
  afterFailures: number;
  forMs: number;
}

export const DEFAULT_TIMEOUTS: Timeouts = { firstTokenMs: 90_000, idleMs: 60_000, totalMs: 600_000 };
export const DEFAULT_RETRY: RetrySettings = { retryAfterMaxMs: 5_000, serverErrorRetries: 1, maxMembers: 3, backoffMs: 250 };
export const DEFAULT_COOLDOWN: CooldownSettings = { afterFailures: 3, forMs: 30_000 };

/** Later layers win: client defaults, then the call's (collection's), then the model's own. */
export function layered<T extends object>(base: T, ...layers: Array<Partial<T> | undefined>): T {
  const out = { ...base };
  for (const layer of layers) {
    if (!layer) continue;
    for (const [key, value] of Object.entries(layer)) if (value !== undefined) (out as Record<string, unknown>)[key] = value;
  }
  return out;
}
