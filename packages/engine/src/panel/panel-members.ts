import type { ModelTarget } from '@bench/client';
import type { PanelCollection, PanelMember } from '@bench/panel';
import type { GatewayConfig, ResolvedCollection } from '../config/resolved-config';
import { withCallerBetas } from '../runtime/caller-betas';
import { modelTargetOf } from '../runtime/model-target';

/**
 * Members built for each target (the same target object while its config and keys are unchanged, see modelTargetOf):
 * a panel request looks up every member, and building one is a dozen optional fields. Members are never mutated.
 */
const MEMBERS = new WeakMap<ModelTarget, PanelMember>();

/** Collections as a panel reads them, built once per resolved collection (a new config resolves new ones). */
const COLLECTIONS = new WeakMap<ResolvedCollection, PanelCollection>();

/** Looks up any configured model as a panel member (a collection's own, one named in `with`, or the merger); Anthropic members get the caller's betas. */
export function panelMemberLookup(config: GatewayConfig, env: NodeJS.ProcessEnv, betas?: readonly string[]): (alias: string) => PanelMember | undefined {
  return (alias) => {
    const model = config.models[alias];
    if (!model) return undefined;
    const built = modelTargetOf(config, alias, env);
    const target = withCallerBetas(built, betas);
    if (target !== built) return memberOf(alias, model, target);
    let member = MEMBERS.get(built);
    if (!member) MEMBERS.set(built, (member = memberOf(alias, model, built)));
    return member;
  };
}

function memberOf(alias: string, model: GatewayConfig['models'][string], target: ModelTarget): PanelMember {
  return {
    alias,
    target,
    provider: model.provider,
    ...(model.contextWindow ? { contextWindow: model.contextWindow } : {}),
    ...(model.maxOutput ? { maxOutput: model.maxOutput } : {}),
    ...(model.vision !== undefined ? { vision: model.vision } : {}),
    ...(model.role ? { role: model.role } : {}),
    ...(model.adHoc ? { adHoc: true } : {}),
    ...(model.retired ? { retired: model.retired } : {}),
    ...(model.price ? { price: model.price } : {}),
  };
}

export function panelCollectionOf(collection: ResolvedCollection): PanelCollection {
  let panel = COLLECTIONS.get(collection);
  if (!panel) COLLECTIONS.set(collection, (panel = buildPanelCollection(collection)));
  return panel;
}

function buildPanelCollection(collection: ResolvedCollection): PanelCollection {
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
