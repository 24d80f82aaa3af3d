import type { GatewayConfig } from '../config/resolved-config';
import { ConfigError } from '../config/config-error';
import type { KeyEntry } from './key-ring';

/** The configured keys with their secrets from the environment; a key whose variable is unset is a config error. */
export function keyEntriesFrom(config: GatewayConfig, env: NodeJS.ProcessEnv): KeyEntry[] {
  const issues = [];
  const entries: KeyEntry[] = [];
  for (const [name, key] of Object.entries(config.keys)) {
    const secret = env[key.keyEnv];
    if (!secret) {
      issues.push({ path: `keys.${name}.keyEnv`, message: `the environment variable ${key.keyEnv} is not set; set it to the key's secret` });
      continue;
    }
    entries.push({ name, secret, ...(key.collections ? { collections: key.collections } : {}), ...(key.admin ? { admin: true } : {}) });
  }
  if (issues.length) throw new ConfigError(issues);
  return entries;
}
