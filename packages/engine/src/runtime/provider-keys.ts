import type { KeyPool } from '@bench/client';
import type { ProviderConfig } from '../config/config-schema';

/** A provider's key as the environment holds it now: one variable (and its value, when set), or a pool of those set. */
export type ProviderKeys =
  | { kind: 'single'; name?: string; value?: string }
  | {
      kind: 'pool';
      /** The pool's keys whose variable is set, in the order written; undefined when none is. */
      pool: KeyPool | undefined;
      /** The pool's variables that are not set (the pool runs on the others). */
      unset: string[];
    };

/** Reads a provider's key or key pool from the environment (on every call: a rotated key is used at once). */
export function providerKeys(providerName: string, provider: ProviderConfig, env: NodeJS.ProcessEnv): ProviderKeys {
  const names = provider.apiKeyEnv;
  if (!Array.isArray(names)) {
    const value = names ? env[names] : undefined;
    // Field by field (read on every call): spreads with keys their source lacks are slow to build in Node 20.
    const single: ProviderKeys = { kind: 'single' };
    if (names) single.name = names;
    if (value) single.value = value;
    return single;
  }
  const keys: KeyPool['keys'][number][] = [];
  const unset: string[] = [];
  for (const name of names) {
    const value = env[name];
    if (value) keys.push({ name, value });
    else unset.push(name);
  }
  const pool: KeyPool | undefined =
    keys.length === 0
      ? undefined
      : { id: providerName, keys, ...(provider.refusedKeyCooldownMs !== undefined ? { refusedForMs: provider.refusedKeyCooldownMs } : {}) };
  return { kind: 'pool', pool, unset };
}

/** What tells one reading of a provider's keys from another (the values, which change when a key is rotated). */
export function keysFingerprint(keys: ProviderKeys): string {
  if (keys.kind === 'single') return `1\u0000${keys.value ?? ''}`;
  return `p\u0000${(keys.pool?.keys ?? []).map((key) => `${key.name}=${key.value}`).join('\u0000')}`;
}
