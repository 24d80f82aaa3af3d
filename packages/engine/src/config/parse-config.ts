import { configSchema, type ConfigFile, type ReplyMode } from './config-schema';
import { ConfigError, type ConfigIssue } from './config-error';
import { durationMs } from './duration';
import { DEFAULT_LEDGER, DEFAULT_SERVER, DEFAULT_SERVICE_NAME, DEFAULT_STATE } from './defaults';
import { configPath } from './field-path';
import { configIssues } from './config-issues';
import { parseModelName } from '../names/parse-model-name';
import type { GatewayConfig, ResolvedCollection, ResolvedModel } from './resolved-config';
import { resolveSettings } from './resolve-settings';
import { shadowIssues } from './shadow-issues';

/** Validates a configuration (already read from JSON/JSONC) and fills in the defaults; throws ConfigError naming each path. */
export function parseConfig(raw: unknown): GatewayConfig {
  const parsed = configSchema.safeParse(raw);
  if (!parsed.success) {
    throw new ConfigError(configIssues(configSchema, parsed.error.issues));
  }
  // Every name-keyed table without a prototype: a name a caller sends (`constructor`, `__proto__`) must find nothing.
  const file: ConfigFile = {
    ...parsed.data,
    providers: ownRecord(parsed.data.providers),
    models: ownRecord(parsed.data.models),
    collections: ownRecord(parsed.data.collections),
    keys: ownRecord(parsed.data.keys),
    aliases: ownRecord(parsed.data.aliases),
  };
  const issues = checkReferences(file);
  if (issues.length > 0) throw new ConfigError(issues);

  const models: Record<string, ResolvedModel> = ownRecord({});
  for (const [alias, model] of Object.entries(file.models ?? {})) models[alias] = { ...model, alias };

  const collections: Record<string, ResolvedCollection> = ownRecord({});
  for (const [name, collection] of Object.entries(file.collections ?? {})) {
    collections[name] = {
      ...collection,
      name,
      reply: collection.reply ?? 'all',
      order: collection.order ?? 'record',
      sticky: collection.sticky ?? true,
      settings: resolveSettings(file.defaults, collection),
    };
  }

  return {
    server: { ...DEFAULT_SERVER, ...file.server },
    ledger: file.ledger ?? DEFAULT_LEDGER,
    state: file.state ?? DEFAULT_STATE,
    providers: ownRecord(file.providers),
    models,
    collections,
    keys: ownRecord(file.keys),
    aliases: ownRecord(file.aliases),
    shapes: ['general', ...new Set((file.shapes ?? []).filter((shape) => shape !== 'general'))],
    defaults: resolveSettings(file.defaults),
    ...(file.retention !== undefined ? { retentionMs: durationMs(file.retention) as number } : {}),
    ...(file.transcripts ? { transcripts: { keep: file.transcripts.keep, keepMs: durationMs(file.transcripts.keep) as number } } : {}),
    telemetry: { serviceName: DEFAULT_SERVICE_NAME, ...file.telemetry },
    source: file,
  };
}

/** A copy of a name-keyed table with no prototype, so that only its own names are in it. */
function ownRecord<T>(record: Record<string, T> | undefined): Record<string, T> {
  return Object.assign(Object.create(null) as Record<string, T>, record);
}

function checkReferences(file: ConfigFile): ConfigIssue[] {
  const issues: ConfigIssue[] = [];
  const providers = file.providers ?? {};
  const models = file.models ?? {};
  const collections = file.collections ?? {};
  const known = (what: string, name: string, names: object) =>
    `unknown ${what} "${name}"${Object.keys(names).length ? ` (known: ${Object.keys(names).join(', ')})` : ''}`;

  for (const [name, provider] of Object.entries(providers)) {
    if (provider.refusedKeyCooldownMs !== undefined && !Array.isArray(provider.apiKeyEnv)) {
      issues.push({
        path: configPath(['providers', name, 'refusedKeyCooldownMs']),
        message: 'applies to a key pool only: name several variables in apiKeyEnv (["KEY_A", "KEY_B"]), or leave it out',
      });
    }
  }
  for (const [alias, model] of Object.entries(models)) {
    if (!(model.provider in providers)) issues.push({ path: configPath(['models', alias, 'provider']), message: known('provider', model.provider, providers) });
    if (model.maxOutput && model.contextWindow && model.maxOutput > model.contextWindow) {
      issues.push({
        path: configPath(['models', alias, 'maxOutput']),
        message: `maxOutput ${model.maxOutput} is larger than contextWindow ${model.contextWindow}`,
      });
    }
  }
  for (const [name, collection] of Object.entries(collections)) {
    collection.members.forEach((member, index) => {
      if (!(member in models)) issues.push({ path: configPath(['collections', name, 'members', index]), message: known('model', member, models) });
    });
    if (collection.merger && !(collection.merger in models)) {
      issues.push({ path: configPath(['collections', name, 'merger']), message: known('model', collection.merger, models) });
    }
    if (collection.shape !== undefined && collection.shape !== 'general' && !(file.shapes ?? []).includes(collection.shape)) {
      issues.push({
        path: configPath(['collections', name, 'shape']),
        message: `unknown shape "${collection.shape}" (known: ${['general', ...(file.shapes ?? [])].join(', ')}); add it to "shapes", or use one of those`,
      });
    }
    if (collection.shaper !== undefined && !(collection.shaper in models)) {
      issues.push({
        path: configPath(['collections', name, 'shaper']),
        message: `${known('model', collection.shaper, models)}: a shaper is a model alias that labels each prompt`,
      });
    }
    issues.push(...shadowIssues(name, collection, models));
    if (collection.shape !== undefined && collection.shaper !== undefined) {
      issues.push({ path: configPath(['collections', name, 'shaper']), message: 'a collection fixes its shape or names a shaper, not both: leave one out' });
    }
  }
  for (const [name, key] of Object.entries(file.keys ?? {})) {
    key.collections?.forEach((target, index) => {
      if (!(target in collections) && !(target in models)) {
        issues.push({ path: configPath(['keys', name, 'collections', index]), message: `unknown collection or model "${target}"` });
      }
    });
  }
  for (const [pattern, target] of Object.entries(file.aliases ?? {})) {
    const problem = aliasTargetProblem(target, collections, models);
    if (problem) issues.push({ path: configPath(['aliases', pattern]), message: problem });
  }
  return issues;
}

function aliasTargetProblem(target: string, collections: Record<string, { reply?: ReplyMode }>, models: object): string | undefined {
  const name = parseModelName(target);
  if (name.kind === 'collection') {
    if (!(name.collection in collections)) return `target "${target}": unknown collection "${name.collection}"`;
    if (name.badSuffix) return `target "${target}": unknown reply mode "${name.badSuffix}" (use all, merged or route)`;
    return undefined;
  }
  if (!(target in models)) return `target "${target}" is neither bench/<collection>[:mode] nor a model alias`;
  return undefined;
}
