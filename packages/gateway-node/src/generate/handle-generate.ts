import type { NeutralReply } from '@bench/formats';
import { compactionRequest } from '../compaction/compaction-request';
import { writeCompaction } from '../compaction/write-compaction';
import { REPLY_MODES, type ReplyMode } from '../config/config-schema';
import type { GatewayConfig } from '../config/resolved-config';
import { GatewayError } from '../errors/gateway-error';
import { mayCall, type Caller } from '../names/permissions';
import type { Target } from '../names/resolve-target';
import type { RequestState } from '../request-state';
import { runRouteTurn } from '../route/run-route-turn';
import type { GatewayRuntime } from '../runtime/gateway-runtime';
import type { BenchOptions } from './bench-options';
import { parseClientRequest } from './parse-client-request';
import { resolveRequestTarget } from './resolve-request-target';
import { runPanelTurn } from '../panel/run-panel-turn';
import { responsesTurn } from '../responses-state/previous-response';

/** Every protocol's generate route: parse, resolve the model, check the key, then a panel or a route turn. */
export async function handleGenerate(state: RequestState, runtime: GatewayRuntime): Promise<void> {
  const { request, bench, requestedModel, compaction, references } = await parseClientRequest(state, runtime);
  state.log.model = requestedModel;
  const target = resolveRequestTarget(state, runtime.config, requestedModel);
  if (compaction) {
    // A conversation's compaction goes to whoever has the conversation, whatever the collection's reply mode.
    const answer = (reply: NeutralReply, headers: Record<string, string>) => writeCompaction(state, compaction, request.stream, reply, headers);
    return runRouteTurn({ state, runtime, target, request: compactionRequest(request), requestedModel, answer });
  }
  const mode = replyModeOf(target, bench);
  // OpenAI's Responses API keeps conversations server-side (`previous_response_id`); so does bench, unless told not to.
  const kept = state.protocol === 'openai-responses' ? await responsesTurn(runtime.responses, request, state.caller.keyName, references) : undefined;
  const turn = kept?.request ?? request;
  if (mode === 'route') return runRouteTurn({ state, runtime, target, request: turn, requestedModel, ...(kept?.onAnswered ? { onAnswered: kept.onAnswered } : {}) });
  if (target.kind !== 'collection') throw new Error('unreachable: a model alias is always a route');
  const seatedWith = bench.with ?? [];
  checkWithPermission(state.caller, runtime.config, seatedWith);
  return runPanelTurn({ state, runtime, collection: target.collection, mode, request: turn, requestedModel, with: seatedWith, ...(kept?.onAnswered ? { onAnswered: kept.onAnswered } : {}) });
}

/** `bench.with` calls those models: the key must be allowed to call each by its alias, as if it asked for it. */
function checkWithPermission(caller: Caller, config: GatewayConfig, aliases: readonly string[]): void {
  for (const alias of aliases) {
    const model = config.models[alias];
    if (model && !mayCall(caller, { kind: 'model', model, requested: alias })) {
      throw new GatewayError(403, 'permission', `bench.with: key "${caller.keyName}" may not call model "${alias}"; leave it out, or ask for a key that may call it`, { param: 'bench.with' });
    }
  }
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
