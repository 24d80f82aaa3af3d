import type { NeutralReply, NeutralRequest } from '@bench/formats';
import { compactionRequest } from '../compaction/compaction-request';
import { REPLY_MODES, type ReplyMode } from '../config/config-schema';
import type { GatewayConfig } from '../config/resolved-config';
import { EngineError } from '../errors/engine-error';
import { mayCall, type Caller } from '../names/permissions';
import { resolveRequestTarget } from '../names/resolve-request-target';
import type { Target } from '../names/resolve-target';
import { startPanelTurn } from '../panel/run-panel-turn';
import { responsesTurn } from '../responses-state/previous-response';
import { startRouteTurn } from '../route/run-route-turn';
import { turnShape, type TurnShape } from '../shapes/turn-shape';
import type { EngineRuntime } from '../runtime/engine-runtime';
import { takeBenchOptions } from './bench-options';
import type { TurnContext } from './turn-context';
import type { TurnOptions } from './turn-options';
import type { TurnRunner } from './turn-runner';
import { quoteValue, type MaybePromise } from '@bench/contracts';
import { isPromise } from '@bench/router';

/**
 * Resolves the model name, checks the key, then starts a panel or a route turn. A turn with nothing to wait for
 * before it starts (no limit to check, no stored Responses conversation, no shaper, fresh records) is handed back
 * as it is, not in a promise. Refusals are thrown.
 */
export function startTurn(runtime: EngineRuntime, request: NeutralRequest, options: TurnOptions, context: TurnContext): MaybePromise<TurnRunner> {
  const { config } = runtime;
  const target = resolveRequestTarget(config, context.caller, context.protocol, context.requestedModel);
  const bench = options.bench ?? takeBenchOptions(request.extra);
  if (options.compaction) {
    const admitting = runtime.limits.admit(context.caller, target);
    // A conversation's compaction goes to whoever has the conversation, whatever the collection's reply mode.
    const compact = () => startRouteTurn({ context, runtime, target, request: compactionRequest(request) });
    return admitting ? admitting.then(compact) : compact();
  }
  const mode = replyModeOf(target, bench.reply);
  const seatedWith = mode === 'route' ? [] : (bench.with ?? []);
  checkWithPermission(context.caller, config, seatedWith);
  // Before any upstream call (the shaper's too): a turn over a limit is refused, one admitted is counted. A refusal
  // is told by its collection too (metrics, the access log).
  if (target.kind === 'collection') context.summary.collection ??= target.collection.name;
  const admitting = runtime.limits.admit(context.caller, target); // no promise when there is nothing to check
  const admitted = (): MaybePromise<TurnRunner> => {
    // OpenAI's Responses API keeps conversations server-side (`previous_response_id`); so does bench, unless told not to.
    if (context.protocol !== 'openai-responses') return shapeAndStart({ runtime, context, target, mode, seatedWith, request, onAnswered: undefined });
    return responsesTurn(runtime.responses, request, context.caller.keyName, options.references).then((kept) =>
      shapeAndStart({ runtime, context, target, mode, seatedWith, request: kept.request, onAnswered: kept.onAnswered }),
    );
  };
  return admitting ? admitting.then(admitted) : admitted();
}

interface AdmittedTurn {
  runtime: EngineRuntime;
  context: TurnContext;
  target: Target;
  mode: ReplyMode;
  seatedWith: readonly string[];
  request: NeutralRequest;
  onAnswered?: ((reply: NeutralReply) => MaybePromise<void>) | undefined;
}

/** What kind of task this is decides whose record counts: the collection's shape, or its shaper's label. */
function shapeAndStart(turn: AdmittedTurn): MaybePromise<TurnRunner> {
  const shaping = turnShape(turn.runtime, turn.runtime.labels, turn.context, turn.target, turn.request);
  return isPromise(shaping) ? shaping.then((shape) => startShaped(turn, shape)) : startShaped(turn, shaping);
}

function startShaped(turn: AdmittedTurn, shape: TurnShape): MaybePromise<TurnRunner> {
  const { runtime, context, target, request } = turn;
  const onAnswered = turn.onAnswered ? { onAnswered: turn.onAnswered } : {};
  if (turn.mode === 'route') return startRouteTurn({ context, runtime, target, request, shape, ...onAnswered });
  if (target.kind !== 'collection') throw new Error('unreachable: a model alias is always a route');
  return startPanelTurn({ context, runtime, collection: target.collection, mode: turn.mode, request, with: turn.seatedWith, shape, ...onAnswered });
}

/** `bench.with` calls those models: the key must be allowed to call each by its alias, as if it asked for it. */
function checkWithPermission(caller: Caller, config: GatewayConfig, aliases: readonly string[]): void {
  for (const alias of aliases) {
    const model = config.models[alias];
    if (model && !mayCall(caller, { kind: 'model', model, requested: alias })) {
      throw new EngineError(
        403,
        'permission',
        `bench.with: key "${caller.keyName}" may not call model ${quoteValue(alias)}; leave it out, or ask for a key that may call it`,
        { param: 'bench.with' },
      );
    }
  }
}

/** Body `bench.reply` over the model suffix over the collection's own; a model alias is a route. */
function replyModeOf(target: Target, reply: string | undefined): ReplyMode {
  if (reply !== undefined && !(REPLY_MODES as readonly string[]).includes(reply)) {
    throw new EngineError(400, 'invalid-request', `bench.reply: unknown reply mode ${quoteValue(reply)}; use "all", "merged" or "route"`, {
      param: 'bench.reply',
    });
  }
  if (target.kind === 'model') {
    if (reply && reply !== 'route') {
      throw new EngineError(
        400,
        'invalid-request',
        `bench.reply: "${reply}" needs a collection; the model alias "${target.model.alias}" is called as a route`,
        { param: 'bench.reply' },
      );
    }
    return 'route';
  }
  return (reply as ReplyMode | undefined) ?? target.mode;
}
