import type { DiscoveredProvider } from './discover-providers';

const ALIAS = /[^A-Za-z0-9._-]/g;

/** Each discovered model callable by its own name (a route of its own); names clashing across providers get the provider's prefix. */
export function configFromDiscovery(providers: readonly DiscoveredProvider[]): Record<string, unknown> {
  const found = providers.filter((provider) => provider.models.length > 0);
  const counts = new Map<string, number>();
  for (const provider of found) for (const model of provider.models) counts.set(model, (counts.get(model) ?? 0) + 1);
  const models: Record<string, unknown> = {};
  for (const provider of found) {
    for (const model of provider.models) {
      const base = (counts.get(model)! > 1 ? `${provider.name}-${model}` : model).replace(ALIAS, '-');
      // Hosted providers' current chat models all call tools and read images; a local model's, its server says (or not).
      const hosted = provider.name !== 'ollama';
      const told = provider.abilities?.[model];
      models[base] = { provider: provider.name, model, ...(hosted ? { tools: true, vision: true } : (told ?? {})) };
    }
  }
  return {
    providers: Object.fromEntries(
      found.map((provider) => [
        provider.name,
        { baseURL: provider.baseURL, api: provider.api, ...(provider.apiKeyEnv ? { apiKeyEnv: provider.apiKeyEnv } : {}) },
      ]),
    ),
    models,
    collections: {},
  };
}

/** The start-up summary: what was found, and what to set for more. */
export function discoverySummary(providers: readonly DiscoveredProvider[], missing: readonly string[]): string[] {
  const lines = providers.map((provider) =>
    provider.models.length > 0
      ? `found ${provider.name}: ${provider.models.length} model(s), each callable by its own name${toolsNote(provider)}`
      : `${provider.name}: ${provider.error ?? 'no models'}`,
  );
  if (missing.length) lines.push(`set ${missing.join(', ')} to add those providers, or write a config file (--config) for collections`);
  return lines;
}

/** For a provider that told its models' abilities: how many call tools (what agent clients need). */
function toolsNote(provider: DiscoveredProvider): string {
  if (!provider.abilities) return '';
  const tools = provider.models.filter((model) => provider.abilities?.[model]?.tools).length;
  return ` (${tools} call tools, as agent clients need)`;
}
