import { keyHealthIds, keyPoolStatus, type HealthStore, type MemberHealth } from '@bench/client';
import type { GatewayConfig } from '../config/resolved-config';
import type { KeyHealth, KeyPoolHealth } from '../engine';
import { providerKeys } from './provider-keys';

/** Each provider's key pool, key by key (names only), or undefined when no provider has one. */
export async function keyPoolsHealth(
  config: GatewayConfig,
  env: NodeJS.ProcessEnv,
  keyHealth: HealthStore,
  now: number,
): Promise<Record<string, KeyPoolHealth> | undefined> {
  const pools = Object.entries(config.providers).filter(([, provider]) => Array.isArray(provider.apiKeyEnv));
  if (pools.length === 0) return undefined;
  const entries = await Promise.all(
    pools.map(async ([name, provider]): Promise<[string, KeyPoolHealth]> => {
      const keys = providerKeys(name, provider, env);
      const written = provider.apiKeyEnv as string[];
      const pool = keys.kind === 'pool' ? keys.pool : undefined;
      let health: ReadonlyMap<string, MemberHealth> = new Map();
      let error: string | undefined;
      if (pool) {
        try {
          health = await keyHealth.read(keyHealthIds(pool), now);
        } catch (thrown) {
          error = `the keys' cooldowns could not be read: ${thrown instanceof Error ? thrown.message : String(thrown)}`;
        }
      }
      const statuses = new Map((pool ? keyPoolStatus(pool, health, now) : []).map((status) => [status.name, status]));
      const shown = written.map((variable): KeyHealth => {
        const status = statuses.get(variable);
        if (status === undefined) return { name: variable, state: 'unset' };
        if (status.state === 'ready') return status;
        return { name: variable, state: 'cooling', why: status.why, until: new Date(status.until).toISOString() };
      });
      return [name, { keys: shown, ...(error ? { error } : {}) }];
    }),
  );
  return Object.fromEntries(entries);
}
