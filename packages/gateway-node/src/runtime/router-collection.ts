import type { Collection, Member, RouteSettings } from '@bench/router';
import type { GatewayConfig, ResolvedModel } from '../config/resolved-config';
import type { Target } from '../names/resolve-target';

/** A window or budget the catalog does not state is not a limit. */
const UNSTATED = Number.MAX_SAFE_INTEGER;

function memberOf(model: ResolvedModel, calledByAlias: boolean): Member {
  return {
    alias: model.alias,
    contextWindow: model.contextWindow ?? UNSTATED,
    maxOutput: model.maxOutput ?? UNSTATED,
    ...(model.tools !== undefined ? { tools: model.tools } : {}),
    ...(model.vision !== undefined ? { vision: model.vision } : {}),
    // Called by its own alias, an ad-hoc model or a vision specialist is exactly what was asked for.
    ...(!calledByAlias && model.role ? { role: model.role } : {}),
    ...(!calledByAlias && model.adHoc ? { adHoc: true } : {}),
    ...(model.retired ? { retired: model.retired } : {}),
    ...(model.paid ? { paid: true } : {}),
    ...(model.score !== undefined ? { score: model.score } : {}),
  };
}

/** The router's view of a route target: a collection's members, or one model called by its alias. */
export function routerCollectionOf(config: GatewayConfig, target: Target): { collection: Collection; settings: Partial<RouteSettings>; ledgerCollection?: string } {
  if (target.kind === 'model') {
    return {
      // Its own namespace, so a model alias never shares conversations with a collection of the same name.
      collection: { name: `model:${target.model.alias}`, members: [memberOf(target.model, true)] },
      settings: { order: 'listed', sticky: true, rotate: 0, stickyTtlMs: config.defaults.stickyTtlMs, maxMembers: 1 },
    };
  }
  const collection = target.collection;
  return {
    collection: { name: collection.name, members: collection.members.map((alias) => memberOf(config.models[alias]!, false)) },
    settings: {
      order: collection.order,
      sticky: collection.sticky,
      rotate: collection.settings.rotate,
      stickyTtlMs: collection.settings.stickyTtlMs,
      maxMembers: collection.settings.retry.maxMembers,
    },
    ledgerCollection: collection.name,
  };
}
