import type { GatewayConfig } from '../config/resolved-config';
import { GatewayError } from '../errors/gateway-error';
import { callableNames, mayCall, type Caller } from '../names/permissions';
import { resolveTarget, type Target } from '../names/resolve-target';
import type { RequestState } from '../request-state';

/** The target a request calls, or the 404 that lists what the key may call, or the 403. */
export function resolveRequestTarget(state: RequestState, config: GatewayConfig, requested: string): Target {
  const lookup = resolveTarget(config, requested, {
    bareCollections: state.protocol === 'gemini',
    dropLatestTag: state.protocol === 'ollama',
  });
  if (!lookup.found) throw new GatewayError(404, 'not-found', `${lookup.message}. ${whatMayBeCalled(config, state.caller)}`, { param: 'model' });
  if (!mayCall(state.caller, lookup.target)) {
    const name = lookup.target.kind === 'collection' ? `collection "${lookup.target.collection.name}"` : `model "${lookup.target.model.alias}"`;
    throw new GatewayError(403, 'permission', `key "${state.caller.keyName}" may not call ${name}. ${whatMayBeCalled(config, state.caller)}`, { param: 'model' });
  }
  return lookup.target;
}

function whatMayBeCalled(config: GatewayConfig, caller: Caller): string {
  const { collections, models } = callableNames(config, caller);
  const names = [...collections.map((name) => `bench/${name}`), ...models];
  return names.length ? `This key may call: ${names.join(', ')}` : 'This key may call nothing; ask for a key with collections';
}
