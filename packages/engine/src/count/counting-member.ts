import type { NeutralRequest } from '@bench/formats';
import { isPromise, rankMembers } from '@bench/router';
import type { ResolvedModel } from '../config/resolved-config';
import type { Target } from '../names/resolve-target';
import type { EngineRuntime } from '../runtime/engine-runtime';
import { routerCollectionOf } from '../runtime/router-collection';
import type { CountContext } from './count-context';

/**
 * The member a request to `target` would be counted for: a model alias is
 * itself; a route collection's is the member the request's conversation is
 * on (identified as its turns are, read without binding it), else the member
 * its next new conversation gets (ranked by record, as `GET /bench/records`
 * shows), of those that take the request (tools, images); a panel's is its
 * first member that takes it.
 */
export async function countingMember(runtime: EngineRuntime, target: Target, request: NeutralRequest, context: CountContext): Promise<string | undefined> {
  if (target.kind === 'model') return target.model.alias;
  const { config } = runtime;
  const { collection } = target;
  let order: readonly string[] = collection.members;
  if (target.mode === 'route') {
    const routed = routerCollectionOf(config, { ...target, mode: 'route' });
    const under = { collection: routed.collection, keyName: context.keyName, request, headers: context.headers, settings: routed.settings };
    const bound = (await runtime.router.peek(under))?.alias;
    if (bound !== undefined && collection.members.includes(bound) && takes(config.models[bound], request)) return bound;
    const reading = runtime.records.getRecords(collection.members);
    const records = isPromise(reading) ? await reading : reading;
    order = rankMembers({ collection: routed.collection, records, settings: { ...routed.settings, rotate: 0 } }).ranking.map((ranked) => ranked.alias);
  }
  return order.find((alias) => takes(config.models[alias], request)) ?? order[0];
}

function takes(model: ResolvedModel | undefined, request: NeutralRequest): boolean {
  if (!model) return false;
  if ((request.tools?.length ?? 0) > 0 && model.tools === false) return false;
  const hasImages = request.messages.some((message) => message.content.some((part) => part.type === 'image'));
  return !(hasImages && model.vision === false);
}
