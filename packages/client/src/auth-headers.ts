import type { Protocol } from '@bench/formats';

/** The auth headers each protocol's providers expect. */
export function authHeaders(api: Protocol, apiKey: string | undefined): Record<string, string> {
  switch (api) {
    case 'anthropic':
      return { 'anthropic-version': '2023-06-01', ...(apiKey ? { 'x-api-key': apiKey } : {}) };
    case 'gemini':
      return apiKey ? { 'x-goog-api-key': apiKey } : {};
    case 'openai-chat':
    case 'openai-responses':
    case 'ollama':
      return apiKey ? { authorization: `Bearer ${apiKey}` } : {};
    default: {
      const unreachable: never = api;
      return unreachable;
    }
  }
}
