import type { PanelCollection, PanelMember } from '@bench/panel';
import type { GatewayConfig, ResolvedCollection } from '../config/resolved-config';
import { withCallerBetas } from '../runtime/caller-betas';
import { modelTargetOf } from '../runtime/model-target';

/** Looks up any configured model as a panel member (a collection's own, one named in `with`, or the merger); Anthropic members get the caller's betas. */
export function panelMemberLookup(config: GatewayConfig, env: NodeJS.ProcessEnv, betas?: readonly string[]): (alias: string) => PanelMember | undefined {
  return (alias) => {
    const model = config.models[alias];
    if (!model) return undefined;
    return {
      alias,
      target: withCallerBetas(modelTargetOf(config, alias, env), betas),
      provider: model.provider,
      ...(model.contextWindow ? { contextWindow: model.contextWindow } : {}),
      ...(model.maxOutput ? { maxOutput: model.maxOutput } : {}),
      ...(model.vision !== undefined ? { vision: model.vision } : {}),
      ...(model.role ? { role: model.role } : {}),
      ...(model.adHoc ? { adHoc: true } : {}),
      ...(model.retired ? { retired: model.retired } : {}),
      ...(model.price ? { price: model.price } : {}),
    };
  };
}

export function panelCollectionOf(collection: ResolvedCollection): PanelCollection {
  return {
    name: collection.name,
    members: collection.members,
    ...(collection.merger ? { merger: collection.merger } : {}),
    ...(collection.maxCalls ? { maxCalls: collection.maxCalls } : {}),
    ...(collection.maxExplorers !== undefined ? { maxExplorers: collection.maxExplorers } : {}),
    // A panel seats by record (and explorers) or by learned draws; `listed` is a route's fallback chain.
    ...(collection.order === 'learned' ? { order: 'learned' as const } : {}),
    timeouts: collection.settings.timeouts,
    retry: collection.settings.retry,
  };
}
