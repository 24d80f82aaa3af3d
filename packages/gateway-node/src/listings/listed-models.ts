import { REPLY_MODES, type ReplyMode } from '../config/config-schema';
import type { GatewayConfig } from '../config/resolved-config';
import { callableNames, type Caller } from '../names/permissions';

export interface ListedModel {
  /** `core` (its own mode) or `core:merged`; a model alias for bare models. */
  name: string;
  kind: 'collection' | 'model';
  reply: ReplyMode;
  description: string;
  contextWindow?: number;
  maxOutput?: number;
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
    listed.push({ name, kind: 'collection', reply: collection.reply, description });
    for (const mode of REPLY_MODES) {
      if (mode !== collection.reply) listed.push({ name: `${name}:${mode}`, kind: 'collection', reply: mode, description });
    }
  }
  for (const alias of models) {
    const model = config.models[alias]!;
    listed.push({
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

/** The name a client calls: `bench/core:merged` for collections, the alias for models. */
export function callableName(model: ListedModel): string {
  return model.kind === 'collection' ? `bench/${model.name}` : model.name;
}
