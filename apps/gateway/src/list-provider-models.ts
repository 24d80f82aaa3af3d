import type { GatewayConfig } from '@bench/gateway-node';
import { firstKey } from './key-variables';

type Provider = GatewayConfig['providers'][string];

/** The request that lists a provider's models, in its own API. */
function listingRequest(provider: Provider, key: string | undefined): { url: string; headers: Record<string, string> } {
  const base = provider.baseURL.replace(/\/$/, '');
  const headers: Record<string, string> = { ...provider.headers };
  switch (provider.api) {
    case 'anthropic':
      if (key) headers['x-api-key'] = key;
      headers['anthropic-version'] ??= '2023-06-01';
      return { url: `${base}/models`, headers };
    case 'gemini':
      if (key) headers['x-goog-api-key'] = key;
      return { url: `${base}/models`, headers };
    case 'ollama':
      return { url: `${base}/api/tags`, headers };
    case 'openai-chat':
    case 'openai-responses':
      if (key) headers.authorization = `Bearer ${key}`;
      return { url: `${base}/models`, headers };
    default: {
      const never: never = provider.api;
      throw new Error(`unknown api ${String(never)}`);
    }
  }
}

function idsOf(body: unknown): string[] {
  const record = (body ?? {}) as { data?: unknown; models?: unknown };
  const list = Array.isArray(record.data) ? record.data : Array.isArray(record.models) ? record.models : [];
  return list.flatMap((entry) => {
    const { id, name } = (entry ?? {}) as { id?: unknown; name?: unknown };
    const value = typeof id === 'string' ? id : typeof name === 'string' ? name : undefined;
    return value === undefined ? [] : [value.replace(/^models\//, '')];
  });
}

export type Listing = { ok: true; url: string; models: string[] } | { ok: false; url: string; reason: string };

/** Lists a provider's models (the URL printed without a query string), bounded by a short timeout. */
export async function listProviderModels(provider: Provider, env: NodeJS.ProcessEnv, timeoutMs: number): Promise<Listing> {
  const { url, headers } = listingRequest(provider, firstKey(provider, env));
  try {
    const response = await fetch(url, { headers, signal: AbortSignal.timeout(timeoutMs) });
    if (!response.ok) {
      await response.body?.cancel();
      const hint = response.status === 401 || response.status === 403 ? ' (the key was refused)' : '';
      return { ok: false, url, reason: `answered ${response.status}${hint}` };
    }
    return { ok: true, url, models: idsOf(await response.json()) };
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    const reason = (error as Error).name === 'TimeoutError' ? `no answer in ${timeoutMs} ms` : `not reachable${cause ? ` (${cause})` : ''}`;
    return { ok: false, url, reason };
  }
}
