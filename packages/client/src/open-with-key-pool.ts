import type { Warning } from '@bench/formats';
import { isPromise, type HealthStore, type MemberHealth } from '@bench/contracts';
import type { ClientError } from './errors/client-error';
import { ProviderRefusedError } from './errors/provider-refused-error';
import { RateLimitedError } from './errors/rate-limited-error';
import { DEFAULT_KEY_REFUSED_MS, keyHealthId, type KeyPool, type ProviderKey } from './key-pool';
import { keyHealthIds, keyPoolStatus } from './key-pool-status';
import { keyPoolExhausted } from './key-pool-exhausted';
import { openCandidate, type CandidateInput, type OpenedCandidate } from './open-candidate';
import type { PoolRotation } from './pool-rotation';
import { toClientError } from './to-client-error';

export interface KeyPoolDeps {
  /** Where the keys' cooldowns live (shared by replicas through Redis). */
  keyHealth: HealthStore;
  rotation: PoolRotation;
  /** How long a key that answered 429 without a Retry-After stays out (the usual cooldown). */
  cooldownMs: number;
  warnings: Warning[];
}

/** What a key's failure says about the key itself: refused (401, 402, 403) or rate limited (429); anything else is the member's. */
function keyFault(error: ClientError): 'refused' | 'rate-limited' | undefined {
  if (ProviderRefusedError.isInstance(error) && (error.status === 401 || error.status === 402 || error.status === 403)) return 'refused';
  if (RateLimitedError.isInstance(error) && !error.local && error.status === 429) return 'rate-limited';
  return undefined;
}

/**
 * Opens the candidate with the next ready key of its provider's pool (round-robin), and on a key's refusal or rate
 * limit with the pool's next ready key, before the failover moves to the next member. A 429 is waited out (its
 * short Retry-After, see retryDelay) only on the last ready key: before it, the next key is the quicker way. When no
 * key is ready, or every ready key failed so, the member fails with the pool's exhaustion (see keyPoolExhausted).
 */
export async function openWithKeyPool(candidate: CandidateInput, pool: KeyPool, deps: KeyPoolDeps): Promise<OpenedCandidate> {
  const { target } = candidate;
  const now = candidate.now();
  const health = new Map(await readKeyHealth(deps, keyHealthIds(pool), now));
  const ready = readyKeys(pool, health, now);
  if (ready.length === 0) {
    const error = keyPoolExhausted(target.alias, pool, keyPoolStatus(pool, health, now), now, true);
    candidate.report({ alias: target.alias, model: target.model, api: target.api, attempt: 1, ok: false, error, seconds: 0, startedAt: now });
    throw error;
  }
  const start = deps.rotation.take(pool.id, ready.length);
  for (let index = 0; index < ready.length; index += 1) {
    const key = ready[(start + index) % ready.length] as ProviderKey;
    const id = keyHealthId(pool, key.name);
    const keyed: CandidateInput = Object.assign({}, candidate, { target: Object.assign({}, target, { apiKey: key.value, apiKeyName: key.name }) });
    if (index < ready.length - 1) keyed.retry = Object.assign({}, candidate.retry, { retryAfterMaxMs: 0 });
    try {
      const opened = await openCandidate(keyed);
      // A key back from its cooldown answered: its record goes (a key with none costs no write).
      if (health.has(id)) inBackground(deps, 'succeeded', () => deps.keyHealth.succeeded(id));
      return opened;
    } catch (thrown) {
      const error = toClientError(thrown, target.alias);
      const fault = keyFault(error);
      if (fault === undefined) throw error;
      const failedAt = candidate.now();
      health.set(id, await coolKey(deps, pool, id, fault, error, failedAt, health.get(id)));
    }
  }
  const after = candidate.now();
  throw keyPoolExhausted(target.alias, pool, keyPoolStatus(pool, health, after), after, false);
}

function readyKeys(pool: KeyPool, health: ReadonlyMap<string, MemberHealth>, now: number): ProviderKey[] {
  const statuses = keyPoolStatus(pool, health, now);
  return pool.keys.filter((_, index) => statuses[index]?.state === 'ready');
}

async function readKeyHealth(deps: KeyPoolDeps, ids: string[], now: number): Promise<ReadonlyMap<string, MemberHealth>> {
  try {
    const reading = deps.keyHealth.read(ids, now);
    return isPromise(reading) ? await reading : reading;
  } catch (error) {
    dropped(deps, 'read', error);
    return new Map();
  }
}

/**
 * Puts the key out (awaited: the next call, here or on another replica, must not pick it) and returns its health as
 * this call now sees it. A refusal opens its circuit for the long cooldown; a 429 limits it until its Retry-After.
 */
async function coolKey(
  deps: KeyPoolDeps,
  pool: KeyPool,
  id: string,
  fault: 'refused' | 'rate-limited',
  error: ClientError,
  now: number,
  known: MemberHealth | undefined,
): Promise<MemberHealth> {
  const base = known ?? { failures: 0, openUntil: 0, probeUntil: 0, limitedUntil: 0 };
  const forMs = pool.refusedForMs ?? DEFAULT_KEY_REFUSED_MS;
  const until = now + ((RateLimitedError.isInstance(error) ? error.retryAfterMs : undefined) ?? deps.cooldownMs);
  try {
    if (fault === 'refused') await deps.keyHealth.failed(id, now, { afterFailures: 1, forMs });
    else await deps.keyHealth.rateLimited(id, until);
  } catch (thrown) {
    dropped(deps, fault === 'refused' ? 'failed' : 'rateLimited', thrown);
  }
  // This call knows the key is out even when the store could not be told.
  return fault === 'refused' ? { ...base, failures: 0, openUntil: now + forMs, probeUntil: 0 } : { ...base, limitedUntil: Math.max(base.limitedUntil, until) };
}

function inBackground(deps: KeyPoolDeps, what: string, work: () => unknown): void {
  try {
    const writing = work();
    if (isPromise(writing)) writing.catch((error: unknown) => dropped(deps, what, error));
  } catch (error) {
    dropped(deps, what, error);
  }
}

function dropped(deps: KeyPoolDeps, what: string, error: unknown): void {
  deps.warnings.push({ code: 'dropped', message: `key health store: ${what} failed (${error instanceof Error ? error.message : String(error)})` });
}
