/** One of a provider's keys: the environment variable that holds it (what reports, health and the ledger name) and its value. */
export interface ProviderKey {
  name: string;
  value: string;
}

/**
 * A provider's several keys: each call takes the next ready one (round-robin), a key that answers 401, 402 or 403 is
 * put out for `refusedForMs`, one that answers 429 for its Retry-After, and the call goes on with the next key before
 * the next member. Every model of the provider shares the pool (and its keys' health).
 */
export interface KeyPool {
  /** The pool's name (its provider's): its keys' health is kept as `<id>:<key name>`. */
  id: string;
  keys: readonly ProviderKey[];
  /** How long a key that answered 401, 402 or 403 stays out (default one hour). */
  refusedForMs?: number;
}

/** How long a refused key (401, 402, 403) stays out when the pool does not say: long enough not to hammer a revoked or spent key. */
export const DEFAULT_KEY_REFUSED_MS = 3_600_000;

/** The health-store entry of one key of a pool. */
export function keyHealthId(pool: Pick<KeyPool, 'id'>, keyName: string): string {
  return `${pool.id}:${keyName}`;
}
