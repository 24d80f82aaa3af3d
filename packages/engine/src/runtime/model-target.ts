import type { ModelTarget } from '@bench/client';
import type { GatewayConfig } from '../config/resolved-config';

/** Targets built for each config, by alias: rebuilt only when the key in the environment changed. */
const BUILT = new WeakMap<GatewayConfig, Map<string, ModelTarget>>();

/**
 * How the client calls a configured model: its provider's endpoint and
 * protocol, the key from the environment (read on every call, so a rotated
 * key is used at once). The same object while nothing changed: do not mutate it.
 */
export function modelTargetOf(config: GatewayConfig, alias: string, env: NodeJS.ProcessEnv): ModelTarget {
  const model = config.models[alias];
  if (!model) throw new Error(`unknown model alias "${alias}"`);
  const provider = config.providers[model.provider]!;
  const apiKey = provider.apiKeyEnv ? env[provider.apiKeyEnv] : undefined;
  let built = BUILT.get(config);
  if (!built) BUILT.set(config, (built = new Map()));
  const known = built.get(alias);
  if (known && known.apiKey === (apiKey || undefined)) return known;
  const target = buildTarget(alias, model, provider, apiKey);
  built.set(alias, target);
  return target;
}

type ResolvedModelOf = GatewayConfig['models'][string];
type ResolvedProviderOf = GatewayConfig['providers'][string];

function buildTarget(alias: string, model: ResolvedModelOf, provider: ResolvedProviderOf, apiKey: string | undefined): ModelTarget {
  return {
    alias,
    api: provider.api,
    baseURL: provider.baseURL,
    model: model.model,
    ...(apiKey ? { apiKey } : {}),
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
