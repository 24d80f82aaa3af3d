import type { ReplyMode } from '../config/config-schema';
import type { GatewayConfig, ResolvedCollection, ResolvedModel } from '../config/resolved-config';
import { isGlob, matchesGlob } from './glob-pattern';
import { parseCollectionName, parseModelName } from './parse-model-name';
import { quoteValue } from '@bench/contracts';

export type Target =
  | { kind: 'collection'; collection: ResolvedCollection; mode: ReplyMode; requested: string }
  | { kind: 'model'; model: ResolvedModel; requested: string };

export type TargetLookup = { found: true; target: Target } | { found: false; reason: 'unknown-collection' | 'unknown-mode' | 'unknown-model'; message: string };

export interface ResolveOptions {
  /** Gemini paths name a collection without the `bench/` prefix. */
  bareCollections?: boolean;
  /** Ollama clients add `:latest` to names without a tag. */
  dropLatestTag?: boolean;
}

/**
 * What a requested model name calls: `bench/<collection>[:mode]`, a model alias,
 * or a name the config's `aliases` maps (exact names first, then patterns in the
 * order written). A name alias resolves to its target, whose permission it carries.
 */
export function resolveTarget(config: GatewayConfig, requested: string, options: ResolveOptions = {}): TargetLookup {
  let name = requested;
  if (options.dropLatestTag && name.endsWith(':latest')) name = name.slice(0, -':latest'.length);
  if (options.bareCollections && name.startsWith('models/')) name = name.slice('models/'.length);

  const direct = resolveDirect(config, name, requested, options);
  if (direct) return direct;

  const aliasTarget = findAlias(config.aliases, name);
  if (aliasTarget !== undefined) {
    const viaAlias = resolveDirect(config, aliasTarget, requested, {});
    if (viaAlias) return viaAlias;
  }
  return { found: false, reason: 'unknown-model', message: `unknown model ${quoteValue(requested)}` };
}

function resolveDirect(config: GatewayConfig, name: string, requested: string, options: ResolveOptions): TargetLookup | undefined {
  const parsed = parseModelName(name);
  if (parsed.kind === 'collection') return collectionLookup(config, parsed, requested);
  if (options.bareCollections) {
    const bare = parseCollectionName(name);
    if (bare.collection in config.collections) return collectionLookup(config, bare, requested);
  }
  const model = config.models[name];
  if (model) return { found: true, target: { kind: 'model', model, requested } };
  return undefined;
}

function collectionLookup(config: GatewayConfig, parsed: { collection: string; mode?: ReplyMode; badSuffix?: string }, requested: string): TargetLookup {
  const collection = config.collections[parsed.collection];
  if (!collection) return { found: false, reason: 'unknown-collection', message: `unknown collection ${quoteValue(parsed.collection)}` };
  if (parsed.badSuffix !== undefined) {
    return {
      found: false,
      reason: 'unknown-mode',
      message: `unknown reply mode ${quoteValue(`:${parsed.badSuffix}`)} in ${quoteValue(requested)} (use :all, :merged or :route)`,
    };
  }
  return { found: true, target: { kind: 'collection', collection, mode: parsed.mode ?? collection.reply, requested } };
}

function findAlias(aliases: Record<string, string>, name: string): string | undefined {
  const exact = aliases[name];
  if (exact !== undefined) return exact;
  for (const [pattern, target] of Object.entries(aliases)) {
    if (isGlob(pattern) && matchesGlob(pattern, name)) return target;
  }
  return undefined;
}
