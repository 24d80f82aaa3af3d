import type { Commit, FailoverRun, ModelTarget } from '@bench/client';
import { getCodec, ReplyAccumulator, type NeutralReply, type NeutralRequest, type Protocol, type StreamEvent, type Usage } from '@bench/formats';
import { newCallId, usageCost } from '@bench/ledger';
import { isPromise, NoEligibleMemberError, RequestTooLargeError, type MaybePromise, type Plan, type TurnOutcome } from '@bench/router';
import { GatewayError } from '../errors/gateway-error';
import { sendJSON } from '../http/send';
import type { Target } from '../names/resolve-target';
import { replyModelName } from '../reply/reply-model-name';
import type { RequestState } from '../request-state';
import type { GatewayRuntime } from '../runtime/gateway-runtime';
import { callerBetas, withCallerBetas } from '../runtime/caller-betas';
import { modelTargetOf } from '../runtime/model-target';
import { routerCollectionOf } from '../runtime/router-collection';
import { streamFormOf } from '../stream/stream-form';
import { StreamWriter } from '../stream/stream-writer';
import { routeBench } from './route-bench';
import { failedMembers, recordRouteTurn, type RouteOutcome } from './route-records';
import { restoredRequest } from './restored-request';
import { gatewayErrorFromClient } from './to-gateway-error-from-client';

/**
 * Callers that do not carry a reply's reasoning back: OpenAI Chat and Ollama have no place for a signature, and
 * their agent clients (opencode through the AI SDK) and Gemini CLI leave reasoning text out of the history they
 * send. The router keeps a reply's reasoning for them and puts it back into the messages they send, so that the
 * member gets its thinking as its own clients send it (Anthropic keeps thinking on in tool steps; Gemini gets its
 * signatures; DeepSeek in thinking mode gets the reasoning_content it refuses a tool step without).
 */
const KEEPS_REASONING_FOR: ReadonlySet<Protocol> = new Set(['openai-chat', 'ollama', 'gemini']);

export interface RouteTurnInput {
  state: RequestState;
  runtime: GatewayRuntime;
  target: Target;
  request: NeutralRequest;
  requestedModel: string;
  /** Called with the reply (its id the turn's call) once the member finished, before the reply goes (a Responses reply kept). */
  onAnswered?: (reply: NeutralReply) => MaybePromise<void>;
  /** Writes the reply instead of the protocol's own (a compaction): called once the member finished, for a request not streamed. */
  answer?: (reply: NeutralReply, headers: Record<string, string>) => void;
}

/**
 * One route turn: the router plans who may answer, the client fails over
 * before the first piece, the reply goes back in the caller's protocol, and
 * the turn is recorded and settled whatever happens to the caller.
 */
export async function runRouteTurn(input: RouteTurnInput): Promise<void> {
  const { state, runtime, target, request } = input;
  const { config } = runtime;
  const routed = routerCollectionOf(config, target);
  const settings = target.kind === 'collection' ? target.collection.settings : config.defaults;
  const plan = await planTurn(input, routed);
  const keepsReasoning = KEEPS_REASONING_FOR.has(state.protocol);
  const restoring = keepsReasoning ? restoredRequest(runtime, plan, request) : request;
  const sent = isPromise(restoring) ? await restoring : restoring;
  if (routed.ledgerCollection) state.log.collection = routed.ledgerCollection;
  state.log.reply = 'route';
  state.conversation = plan.conversation; // set on the reply with its other headers, in one writeHead

  // The router cuts an output budget over what a member can write; the client applies the cut per member.
  const betas = callerBetas(state);
  const candidates: ModelTarget[] = plan.members.map((member) => {
    const target = withCallerBetas(modelTargetOf(config, member.alias, runtime.env), betas);
    // Object.assign: a spread given a key its source lacks makes an object Node 20 is slow to build and to read.
    return member.outputCut ? Object.assign({}, target, { maxOutputTokens: member.outputCut.allowed }) : target;
  });
  // A sticky conversation comes back: where the upstream caches only marked prompts (Anthropic), the turn is marked.
  // (Object.assign: a spread given a key its source lacks is slow to build and to read in Node 20.)
  const upstreamRequest = Object.assign({}, sent, routed.settings.sticky === false ? { stream: true } : { stream: true, promptCache: { conversation: plan.conversation } });
  const run = runtime.client.failover(candidates, upstreamRequest, {
    timeouts: settings.timeouts,
    retry: settings.retry,
    cooldown: settings.cooldown,
  });
  state.presence.onLeave(() => run.cancel());
  // Its own id, not `<conversation>.<turn>`: an agent that retries a turn sends the same turn again, and its call must
  // not collide with the first one's (the ledger keeps the first record of an id). Time-ordered, as the ledger indexes it.
  const call = newCallId('r');
  const accumulator = new ReplyAccumulator();
  const finish = async (committedAlias: string | undefined) => {
    const result = await run.result;
    const outcome: RouteOutcome = { plan, keyName: state.caller.keyName, call, result, toolCalls: accumulator.toolCallCount(), aborted: state.presence.left };
    if (routed.ledgerCollection) outcome.collection = routed.ledgerCollection;
    recordRouteTurn(runtime.ledger, config, outcome);
    const settled: TurnOutcome = { failed: failedMembers(result), cooldown: settings.cooldown };
    if (committedAlias) settled.answered = committedAlias;
    await runtime.router.settle(plan, settled).catch((error: unknown) => runtime.logger.warn({ err: (error as Error).message }, 'router settle failed'));
  };

  // Kept before the reply goes: the caller's next request (its tool results) may follow at once. Nothing to keep, no promise.
  const keepAnswer = (): Promise<void> | undefined => {
    const reasoning = keepsReasoning && accumulator.toolCallCount() > 0;
    if (!reasoning && !input.onAnswered) return undefined;
    const reply = accumulator.toReply({ id: call, model: '' });
    reply.id = call; // the upstream's own id otherwise
    const keep = async () => {
      if (reasoning) await runtime.router.keepReasoning(plan, reply.content);
      if (input.onAnswered) {
        const commit = await run.committed;
        reply.model = replyModelName(state.protocol, input.requestedModel, commit.ok ? commit.alias : '');
        await input.onAnswered(reply);
      }
    };
    return keep().catch((error: unknown) => runtime.logger.warn({ err: (error as Error).message }, 'keeping the answer failed'));
  };

  const benchFor = (commit: Commit | undefined, usage: Usage | undefined) => {
    const cost = commit?.ok ? usageCost(usage, config.models[commit.alias]?.price) : null;
    if (cost !== null) state.log.cost = cost;
    return routeBench({
      plan,
      collection: routed.ledgerCollection,
      call,
      alias: commit?.ok ? commit.alias : undefined,
      attempts: commit?.attempts ?? [],
      warnings: commit?.ok ? commit.warnings : undefined,
      cost,
    });
  };

  if (!request.stream) {
    const commit = await run.committed;
    if (!commit.ok) {
      await finish(undefined);
      throw gatewayErrorFromClient(commit.error);
    }
    state.log.model = commit.alias;
    const sendReply = () => {
      const reply = accumulator.toReply({ id: call, model: commit.alias });
      reply.id = call; // the turn's own id, streamed or not (the ledger's call, a later previous_response_id)
      reply.model = replyModelName(state.protocol, input.requestedModel, commit.alias);
      reply.extra = { bench: benchFor(commit, reply.usage) };
      const headers = { 'x-bench-conversation': plan.conversation, 'x-bench-model': commit.alias };
      if (input.answer) return input.answer(reply, headers);
      const formatted = getCodec(state.protocol).formatReply(reply, { request, ...(state.route.endpoint ? { endpoint: state.route.endpoint } : {}) });
      sendJSON(state.res, 200, formatted.value, headers);
    };
    // The reply goes as soon as the upstream finished; recording and settling the turn come after.
    let replied = false;
    let replyError: unknown;
    for await (const event of run.events) {
      accumulator.add(event);
      if (event.type === 'finish') {
        const kept = keepAnswer();
        if (kept) await kept;
        try {
          sendReply();
        } catch (error) {
          replyError = error; // a reply the answer refused (a compaction with no summary): the turn is still recorded
        }
        replied = true;
      }
    }
    await finish(commit.alias);
    if (replyError !== undefined) throw replyError;
    if (!replied) throw new GatewayError(502, 'upstream', `${commit.alias} failed part way: ${accumulator.error?.message ?? 'the reply ended unfinished'}`);
    return;
  }

  // Streamed: the 200 waits for the first piece or the grace period, so a turn that fails quickly keeps its status.
  // A plain timer, cleared once the race is over: aborting a timers/promises sleep builds an AbortError and a DOMException per turn.
  let graceTimer: NodeJS.Timeout | undefined;
  const graceOver = new Promise<'grace'>((resolve) => {
    graceTimer = setTimeout(resolve, settings.timeouts.graceMs, 'grace' as const);
    graceTimer.unref();
  });
  const first = await Promise.race([run.committed, graceOver]);
  clearTimeout(graceTimer); // no timer left behind for the rest of the stream
  if (first !== 'grace' && !first.ok) {
    await finish(undefined);
    throw gatewayErrorFromClient(first.error);
  }
  const committedEarly = first === 'grace' ? undefined : first;
  await streamTurn({ input, run, plan, call, accumulator, committedEarly, benchFor, keepAnswer });
  const commit = await run.committed;
  if (commit.ok) state.log.model = commit.alias; // also when it answered after the 200 went
  await finish(commit.ok ? commit.alias : undefined);
}

async function planTurn(input: RouteTurnInput, routed: ReturnType<typeof routerCollectionOf>): Promise<Plan> {
  const { state, runtime, target, request } = input;
  const cooldown = target.kind === 'collection' ? target.collection.settings.cooldown : runtime.config.defaults.cooldown;
  try {
    return await runtime.router.plan({
      collection: routed.collection,
      keyName: state.caller.keyName,
      request,
      headers: state.req.headers,
      settings: routed.settings,
      cooldown,
    });
  } catch (error) {
    if (RequestTooLargeError.isInstance(error)) throw new GatewayError(413, 'request-too-large', error.message, { cause: error });
    if (NoEligibleMemberError.isInstance(error)) throw new GatewayError(400, 'invalid-request', error.message, { cause: error });
    throw error;
  }
}

interface StreamTurnInput {
  input: RouteTurnInput;
  run: FailoverRun;
  plan: Plan;
  call: string;
  accumulator: ReplyAccumulator;
  committedEarly: Commit | undefined;
  benchFor: (commit: Commit | undefined, usage: Usage | undefined) => Record<string, unknown>;
  keepAnswer: () => Promise<void> | undefined;
}

async function streamTurn({ input, run, plan, call, accumulator, committedEarly, benchFor, keepAnswer }: StreamTurnInput): Promise<void> {
  const { state, runtime, request } = input;
  const form = streamFormOf(state);
  const writer = new StreamWriter(state.res, { keepAlive: form.keepAlive, keepAliveMs: runtime.config.server.keepAliveMs });
  const answered = committedEarly?.ok ? committedEarly.alias : undefined;
  // With a first piece in hand the headers leave with it; otherwise (the grace period ran out) at once.
  const headers: Record<string, string> = { 'content-type': form.streamContentType, 'x-bench-conversation': plan.conversation };
  if (answered) headers['x-bench-model'] = answered;
  writer.open(200, headers, { flush: !answered });
  if (answered) state.log.model = answered;
  const replyModel = (alias: string) => replyModelName(state.protocol, input.requestedModel, alias);
  const encoder = form.createStreamEncoder({
    request,
    id: call,
    model: replyModel(answered ?? input.requestedModel),
    ...(state.route.endpoint ? { endpoint: state.route.endpoint } : {}),
  });
  const context: ClientEventContext = { run, replyModel, benchFor, call, protocol: state.protocol };
  for await (const upstream of run.events) {
    if (writer.isClosed) break;
    accumulator.add(upstream);
    const kept = upstream.type === 'finish' ? keepAnswer() : undefined;
    if (kept) await kept;
    // Only start and finish are rewritten (after the commit); the others pass without a promise each.
    const event = upstream.type === 'start' || upstream.type === 'finish' ? await toClientEvent(upstream, context) : upstream;
    const full = writer.write(encoder.encode(event));
    if (full) await full;
    // The caller's stream ends with the upstream's finish or error, without waiting for the upstream to close.
    if (event.type === 'finish' || event.type === 'error') writer.end(encoder.end());
  }
  writer.end(encoder.end());
}

/** An upstream event as the caller sees it: the reply's own id and model, `bench` on the finish. */
async function toClientEvent(event: StreamEvent, context: ClientEventContext): Promise<StreamEvent> {
  switch (event.type) {
    case 'start': {
      const commit = await context.run.committed;
      const model = context.replyModel(commit.ok ? commit.alias : '');
      return { type: 'start', id: context.call, model, ...(event.created ? { created: event.created } : {}) };
    }
    case 'finish': {
      const commit = await context.run.committed;
      // A provider's own finish reason and extra fields mean something only in its own protocol.
      const sameProtocol = commit.ok && commit.target.api === context.protocol;
      return {
        type: 'finish',
        reason: event.reason,
        ...(sameProtocol && event.rawReason ? { rawReason: event.rawReason } : {}),
        ...(event.stopSequence !== undefined ? { stopSequence: event.stopSequence } : {}),
        ...(event.usage ? { usage: event.usage } : {}),
        // A spread, not Object.assign: the upstream's own fields may hold a `__proto__` key, which must stay a plain field.
        extra: { ...(sameProtocol ? event.extra : {}), bench: context.benchFor(commit, event.usage) },
      };
    }
    default:
      return event;
  }
}

interface ClientEventContext {
  run: FailoverRun;
  replyModel: (alias: string) => string;
  benchFor: (commit: Commit | undefined, usage: Usage | undefined) => Record<string, unknown>;
  call: string;
  protocol: Protocol;
}
