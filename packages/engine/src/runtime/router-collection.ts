import { protocolCarriesFiles } from '@bench/formats';
import type { Collection, Member, RouteSettings } from '@bench/router';
import type { GatewayConfig, ResolvedModel } from '../config/resolved-config';
import type { Target } from '../names/resolve-target';

/** A window or budget the catalog does not state is not a limit. */
const UNSTATED = Number.MAX_SAFE_INTEGER;

function memberOf(config: GatewayConfig, model: ResolvedModel, calledByAlias: boolean): Member {
  const api = config.providers[model.provider]?.api;
  return {
    alias: model.alias,
    contextWindow: model.contextWindow ?? UNSTATED,
    maxOutput: model.maxOutput ?? UNSTATED,
    ...(model.tools !== undefined ? { tools: model.tools } : {}),
    ...(model.vision !== undefined ? { vision: model.vision } : {}),
    ...(api !== undefined && !protocolCarriesFiles(api) ? { documents: false } : {}),
    // Called by its own alias, an ad-hoc model or a vision specialist is exactly what was asked for.
    ...(!calledByAlias && model.role ? { role: model.role } : {}),
    ...(!calledByAlias && model.adHoc ? { adHoc: true } : {}),
    ...(model.retired ? { retired: model.retired } : {}),
    ...(model.paid ? { paid: true } : {}),
    ...(model.score !== undefined ? { score: model.score } : {}),
  };
}

export interface RoutedCollection {
  collection: Collection;
  settings: Partial<RouteSettings>;
  ledgerCollection?: string;
}

/** Built once per config and collection or model (all fixed once the gateway runs). */
const BUILT = new WeakMap<GatewayConfig, WeakMap<object, RoutedCollection>>();

/** The router's view of a route target: a collection's members, or one model called by its alias. The same object on every call: do not mutate it. */
export function routerCollectionOf(config: GatewayConfig, target: Target): RoutedCollection {
  const key = target.kind === 'model' ? target.model : target.collection;
  let built = BUILT.get(config);
  if (!built) BUILT.set(config, (built = new WeakMap()));
  let routed = built.get(key);
  if (!routed) built.set(key, (routed = build(config, target)));
  return routed;
}

function build(config: GatewayConfig, target: Target): RoutedCollection {
  if (target.kind === 'model') {
    return {
      // Its own namespace, so a model alias never shares conversations with a collection of the same name.
      collection: { name: `model:${target.model.alias}`, members: [memberOf(config, target.model, true)] },
      settings: { order: 'listed', sticky: true, rotate: 0, stickyTtlMs: config.defaults.stickyTtlMs, maxMembers: 1 },
    };
  }
  const collection = target.collection;
  return {
    collection: { name: collection.name, members: collection.members.map((alias) => memberOf(config, config.models[alias]!, false)) },
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
