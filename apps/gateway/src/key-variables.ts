import type { GatewayConfig } from '@bench/gateway-node';

type Provider = GatewayConfig['providers'][string];

/** The environment variables a provider's key is read from: none, its one `apiKeyEnv`, or its key pool's, in order. */
export function keyVariables(provider: Provider): string[] {
  if (provider.apiKeyEnv === undefined) return [];
  return Array.isArray(provider.apiKeyEnv) ? [...provider.apiKeyEnv] : [provider.apiKeyEnv];
}

/**
 * What is missing of a provider's key, for a start-up warning or `check`: nothing; one key not set (its calls go
 * without a key); some of a pool not set (the pool runs on the others); or none of a pool set.
 */
export function missingKeyText(name: string, provider: Provider, env: NodeJS.ProcessEnv): { text: string; fatal: boolean } | undefined {
  const variables = keyVariables(provider);
  const unset = variables.filter((variable) => !env[variable]);
  if (unset.length === 0) return undefined;
  if (!Array.isArray(provider.apiKeyEnv)) {
    return { fatal: true, text: `provider ${name}: ${unset[0]} is not set, so its models are called without a key` };
  }
  if (unset.length === variables.length) {
    return { fatal: true, text: `provider ${name}: no variable of its key pool (${variables.join(', ')}) is set, so its models are called without a key` };
  }
  const set = variables.filter((variable) => env[variable]);
  return {
    fatal: false,
    text: `provider ${name}: ${unset.join(', ')} of its key pool ${unset.length === 1 ? 'is' : 'are'} not set, so the pool runs on ${set.join(', ')}`,
  };
}

/** The key a provider's listing is asked with: its one key, or its pool's first that is set. */
export function firstKey(provider: Provider, env: NodeJS.ProcessEnv): string | undefined {
  for (const variable of keyVariables(provider)) if (env[variable]) return env[variable];
  return undefined;
}
