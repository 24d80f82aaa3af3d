import type { GatewayConfig } from '../config/resolved-config';
import { EngineError } from '../errors/engine-error';
import { callableNames, mayCall, type Caller } from '../names/permissions';
import { resolveTarget, type Target } from '../names/resolve-target';
import { getCodec, type Protocol } from '@bench/formats';

/** The target a request calls, or the 404 that lists what the key may call, or the 403. */
export function resolveRequestTarget(config: GatewayConfig, caller: Caller, protocol: Protocol, requested: string): Target {
  const names = getCodec(protocol).wire.modelNames;
  const lookup = resolveTarget(config, requested, { bareCollections: names.bareCollections === true, dropLatestTag: names.latestTag === true });
  if (!lookup.found) throw new EngineError(404, 'not-found', `${lookup.message}. ${whatMayBeCalled(config, caller)}`, { param: 'model' });
  if (!mayCall(caller, lookup.target)) {
    const name = lookup.target.kind === 'collection' ? `collection "${lookup.target.collection.name}"` : `model "${lookup.target.model.alias}"`;
    throw new EngineError(403, 'permission', `key "${caller.keyName}" may not call ${name}. ${whatMayBeCalled(config, caller)}`, { param: 'model' });
  }
  return lookup.target;
}

function whatMayBeCalled(config: GatewayConfig, caller: Caller): string {
  const { collections, models } = callableNames(config, caller);
  const names = [...collections.map((name) => `bench/${name}`), ...models];
  return names.length ? `This key may call: ${names.join(', ')}` : 'This key may call nothing; ask for a key with collections';
}
