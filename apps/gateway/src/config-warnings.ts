import type { GatewayConfig } from '@bench/gateway-node';
import { matchesGlob } from './glob';
import { keyVariables, missingKeyText } from './key-variables';

/**
 * What in a valid config will not work as its writer likely meant, each
 * naming the component and what to do. (Services that cannot be reached are
 * probed apart: see service-warnings.ts.)
 */
export function configWarnings(config: GatewayConfig, env: NodeJS.ProcessEnv): string[] {
  const warnings: string[] = [];
  for (const [name, provider] of Object.entries(config.providers)) {
    const missing = missingKeyText(name, provider, env);
    if (missing) {
      warnings.push(
        missing.fatal
          ? `${missing.text}; set ${keyVariables(provider).join(', ')}, or remove apiKeyEnv if ${provider.baseURL} needs none`
          : `${missing.text}; set them, or take them out of apiKeyEnv`,
      );
    }
  }
  const collections = Object.values(config.collections);
  if (collections.length > 0) {
    const reached = new Set<string>();
    for (const collection of collections) {
      for (const member of collection.members) reached.add(member);
      if (collection.merger) reached.add(collection.merger);
    }
    for (const target of Object.values(config.aliases)) reached.add(target);
    for (const alias of Object.keys(config.models)) {
      if (!reached.has(alias))
        warnings.push(
          `model ${alias}: no collection and no alias reaches it (only a caller naming "${alias}" does); add it to a collection's members, or remove it`,
        );
    }
  }
  for (const [name, collection] of Object.entries(config.collections)) {
    if (collection.order === 'learned' && collection.maxExplorers !== undefined && collection.reply !== 'route') {
      warnings.push(
        `collection ${name}: maxExplorers does nothing with order "learned" (its seats are Thompson draws, which explore by themselves); remove maxExplorers, or use order "record" for explorer seats`,
      );
    }
  }
  for (const [pattern, target] of Object.entries(config.aliases)) {
    for (const collection of Object.keys(config.collections)) {
      if (matchesGlob(pattern, `bench/${collection}`)) {
        warnings.push(
          `alias "${pattern}": it matches bench/${collection}, which stays the collection (a collection's own name wins), so the alias never sends it to ${target}; rename the alias`,
        );
      } else if (matchesGlob(pattern, collection)) {
        warnings.push(
          `alias "${pattern}": it shadows collection ${collection}, which Gemini clients name bare (models/${collection}) and reach, while other clients naming "${collection}" get ${target}; rename the alias`,
        );
      }
    }
  }
  return warnings;
}
