import { REPLY_MODES, type ReplyMode } from '../config/config-schema';
import { GatewayError } from '../errors/gateway-error';
import type { Target } from '../names/resolve-target';
import type { RequestState } from '../request-state';
import { runRouteTurn } from '../route/run-route-turn';
import type { GatewayRuntime } from '../runtime/gateway-runtime';
import type { BenchOptions } from './bench-options';
import { parseClientRequest } from './parse-client-request';
import { resolveRequestTarget } from './resolve-request-target';
import { runPanelTurn } from '../panel/run-panel-turn';

/** Every protocol's generate route: parse, resolve the model, check the key, then a panel or a route turn. */
export async function handleGenerate(state: RequestState, runtime: GatewayRuntime): Promise<void> {
  const { request, bench, requestedModel } = await parseClientRequest(state, runtime.config);
  state.log.model = requestedModel;
  const target = resolveRequestTarget(state, runtime.config, requestedModel);
  const mode = replyModeOf(target, bench);
  if (mode === 'route') return runRouteTurn({ state, runtime, target, request, requestedModel });
  if (target.kind !== 'collection') throw new Error('unreachable: a model alias is always a route');
  return runPanelTurn({ state, runtime, collection: target.collection, mode, request, requestedModel, with: bench.with ?? [] });
}

/** Body `bench.reply` over the model suffix over the collection's own; a model alias is a route. */
function replyModeOf(target: Target, bench: BenchOptions): ReplyMode {
  if (bench.reply !== undefined && !(REPLY_MODES as readonly string[]).includes(bench.reply)) {
    throw new GatewayError(400, 'invalid-request', `bench.reply: unknown reply mode "${bench.reply}"; use "all", "merged" or "route"`, { param: 'bench.reply' });
  }
  if (target.kind === 'model') {
    if (bench.reply && bench.reply !== 'route') {
      throw new GatewayError(400, 'invalid-request', `bench.reply: "${bench.reply}" needs a collection; the model alias "${target.model.alias}" is called as a route`, { param: 'bench.reply' });
    }
    return 'route';
  }
  return (bench.reply as ReplyMode | undefined) ?? target.mode;
}
