import type { ModelTarget } from '@bench/client';
import type { GatewayConfig } from '../config/resolved-config';

/** How the client calls a configured model: its provider's endpoint and protocol, the key from the environment. */
export function modelTargetOf(config: GatewayConfig, alias: string, env: NodeJS.ProcessEnv): ModelTarget {
  const model = config.models[alias];
  if (!model) throw new Error(`unknown model alias "${alias}"`);
  const provider = config.providers[model.provider]!;
  const apiKey = provider.apiKeyEnv ? env[provider.apiKeyEnv] : undefined;
  return {
    alias,
    api: provider.api,
    baseURL: provider.baseURL,
    model: model.model,
    ...(apiKey ? { apiKey } : {}),
    ...(provider.headers ? { headers: provider.headers } : {}),
    ...(model.options ? { options: model.options } : {}),
    ...(model.contextWindow ? { contextWindow: model.contextWindow } : {}),
    ...(model.rpm ? { rpm: model.rpm } : {}),
    ...(model.timeouts ? { timeouts: model.timeouts } : {}),
    ...(model.retry ? { retry: model.retry } : {}),
  };
}
