import type { ModelTarget } from '@bench/client';
import type { GatewayConfig } from '../config/resolved-config';
import { keysFingerprint, providerKeys, type ProviderKeys } from './provider-keys';

/** Targets built for each config, by alias, with the keys they were built with: rebuilt only when a key in the environment changed. */
const BUILT = new WeakMap<GatewayConfig, Map<string, { target: ModelTarget; keys: string }>>();

/**
 * How the client calls a configured model: its provider's endpoint and
 * protocol, the key (or key pool) from the environment (read on every call, so a
 * rotated key is used at once). The same object while nothing changed: do not mutate it.
 */
export function modelTargetOf(config: GatewayConfig, alias: string, env: NodeJS.ProcessEnv): ModelTarget {
  const model = config.models[alias];
  if (!model) throw new Error(`unknown model alias "${alias}"`);
  const provider = config.providers[model.provider]!;
  const keys = providerKeys(model.provider, provider, env);
  const fingerprint = keysFingerprint(keys);
  let built = BUILT.get(config);
  if (!built) BUILT.set(config, (built = new Map()));
  const known = built.get(alias);
  if (known && known.keys === fingerprint) return known.target;
  const target = buildTarget(alias, model, provider, keys);
  built.set(alias, { target, keys: fingerprint });
  return target;
}

type ResolvedModelOf = GatewayConfig['models'][string];
type ResolvedProviderOf = GatewayConfig['providers'][string];

function buildTarget(alias: string, model: ResolvedModelOf, provider: ResolvedProviderOf, keys: ProviderKeys): ModelTarget {
  return {
    alias,
    api: provider.api,
    baseURL: provider.baseURL,
    model: model.model,
    ...keyFields(keys),
    ...(provider.headers ? { headers: provider.headers } : {}),
    ...(provider.vendor ? { vendor: provider.vendor } : {}),
    ...(model.options ? { options: model.options } : {}),
    ...(model.reasoning !== undefined ? { reasoning: model.reasoning } : {}),
    ...(model.promptCacheTtl ? { promptCacheTtl: model.promptCacheTtl } : {}),
    ...(model.contextWindow ? { contextWindow: model.contextWindow } : {}),
    ...(model.rpm ? { rpm: model.rpm } : {}),
    ...(model.timeouts ? { timeouts: model.timeouts } : {}),
    ...(model.retry ? { retry: model.retry } : {}),
  };
}

/** The key fields of a target: one key (named by its variable, when set), or the pool of the keys set. */
function keyFields(keys: ProviderKeys): Pick<ModelTarget, 'apiKey' | 'apiKeyName' | 'keyPool'> {
  if (keys.kind === 'pool') return keys.pool ? { keyPool: keys.pool } : {};
  return keys.value && keys.name ? { apiKey: keys.value, apiKeyName: keys.name } : {};
}
