import type { ModelListing } from '@bench/formats';
import { REPLY_MODES, type ReplyMode } from '../config/config-schema';
import type { GatewayConfig } from '../config/resolved-config';
import { callableNames, type Caller } from '../names/permissions';

/** One name a caller may call, as every protocol's listing shows it (`name`: `core` for its own mode, `core:merged`, a model alias). */
export interface ListedModel extends ModelListing {
  reply: ReplyMode;
}

/**
 * What a caller may call, in listing order: each collection once per reply mode
 * (its own mode first, unsuffixed), then the model aliases. Name patterns from
 * `aliases` are not listed.
 */
export function listedModels(config: GatewayConfig, caller: Caller): ListedModel[] {
  const { collections, models } = callableNames(config, caller);
  const listed: ListedModel[] = [];
  for (const name of collections) {
    const collection = config.collections[name]!;
    const description = collection.description ?? `bench collection ${name}`;
    listed.push({ id: `bench/${name}`, name, kind: 'collection', reply: collection.reply, description });
    for (const mode of REPLY_MODES) {
      if (mode !== collection.reply) listed.push({ id: `bench/${name}:${mode}`, name: `${name}:${mode}`, kind: 'collection', reply: mode, description });
    }
  }
  for (const alias of models) {
    const model = config.models[alias]!;
    listed.push({
      id: alias,
      name: alias,
      kind: 'model',
      reply: 'route',
      description: model.description ?? `${model.model} via ${model.provider}`,
      ...(model.contextWindow ? { contextWindow: model.contextWindow } : {}),
      ...(model.maxOutput ? { maxOutput: model.maxOutput } : {}),
    });
  }
  return listed;
}
