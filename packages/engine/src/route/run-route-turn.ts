import type { Commit, FailoverRun, ModelTarget } from '@bench/client';
import { getCodec, ReplyAccumulator, type NeutralReply, type NeutralRequest, type Protocol, type StreamEvent, type Usage } from '@bench/formats';
import { newCallId, usageCost } from '@bench/ledger';
import { isPromise, type MaybePromise, type Plan, type PlanInput, type TurnOutcome } from '@bench/router';
import { EngineError } from '../errors/engine-error';
import type { Target } from '../names/resolve-target';
import type { EngineRuntime } from '../runtime/engine-runtime';
import { callerBetas, withCallerBetas } from '../runtime/caller-betas';
import { modelTargetOf } from '../runtime/model-target';
import { routerCollectionOf } from '../runtime/router-collection';
import type { TurnHead, TurnReply, TurnSink } from '../turn/turn';
import type { TurnContext } from '../turn/turn-context';
import type { TurnRunner } from '../turn/turn-runner';
import type { TurnShape } from '../shapes/turn-shape';
import { answeredBy } from './answered-by';
import { replyModelName } from './reply-model-name';
import { routeBench } from './route-bench';
import { routeFailovers } from './route-failovers';
import { failedMembers, recordRouteTurn, type RouteOutcome } from './route-records';
import { restoredRequest } from './restored-request';
import { answerOf } from '../transcripts/transcript-keeper';

export interface RouteTurnInput {
  context: TurnContext;
  runtime: EngineRuntime;
  target: Target;
  request: NeutralRequest;
  /** What kind of task the turn is (default `general`): a new conversation is ranked by the records on it. */
  shape?: TurnShape;
  /** Called with the reply (its id the turn's call) once the member finished, before the reply goes (a Responses reply kept). */
  onAnswered?: (reply: NeutralReply) => MaybePromise<void>;
}

/**
 * One route turn: the router plans who may answer, the client fails over
 * before the first piece, the answer goes to the caller's sink or reply, and
 * the turn is recorded and settled whatever happens to the caller.
 */
export async function startRouteTurn(input: RouteTurnInput): Promise<TurnRunner> {
  const { context, runtime, target, request } = input;
  const { config } = runtime;
  const { summary } = context;
  const routed = routerCollectionOf(config, target);
  const settings = target.kind === 'collection' ? target.collection.settings : config.defaults;
  const plan = await planTurn(input, routed);
  // Callers that do not carry a reply's reasoning back (OpenAI Chat and Ollama have no place for a signature; their
  // agent clients and Gemini CLI leave reasoning out of the history they send): the router keeps it for them and puts
  // it back, so that the member gets its thinking as its own clients send it (Anthropic keeps thinking on in tool
  // steps; Gemini gets its signatures; DeepSeek in thinking mode gets the reasoning_content it refuses a tool step without).
  const keepsReasoning = !getCodec(context.protocol).wire.carriesReasoning;
  const restoring = keepsReasoning ? restoredRequest(runtime, plan, request) : request;
  const sent = isPromise(restoring) ? await restoring : restoring;
  if (routed.ledgerCollection) summary.collection = routed.ledgerCollection;
  summary.reply = 'route';
  summary.conversation = plan.conversation; // set on the reply with its other headers, in one writeHead

  // The router cuts an output budget over what a member can write; the client applies the cut per member.
  const betas = callerBetas(context);
  const candidates: ModelTarget[] = plan.members.map((member) => {
    const target = withCallerBetas(modelTargetOf(config, member.alias, runtime.env), betas);
    // Object.assign: a spread given a key its source lacks makes an object Node 20 is slow to build and to read.
    return member.outputCut ? Object.assign({}, target, { maxOutputTokens: member.outputCut.allowed }) : target;
  });
  // A sticky conversation comes back: where the upstream caches only marked prompts (Anthropic), the turn is marked.
  // (Object.assign: a spread given a key its source lacks is slow to build and to read in Node 20.)
  const upstreamRequest = Object.assign(
    {},
    sent,
    routed.settings.sticky === false ? { stream: true } : { stream: true, promptCache: { conversation: plan.conversation } },
  );
  const run = runtime.client.failover(candidates, upstreamRequest, {
    timeouts: settings.timeouts,
    retry: settings.retry,
    cooldown: settings.cooldown,
    // After its first piece, a stream that fails is finished by the next member, unless the collection says not to.
    ...(target.kind === 'collection' && target.collection.continue === false ? { continue: false } : {}),
  });
  context.onCancel.push(() => run.cancel());
  // Its own id, not `<conversation>.<turn>`: an agent that retries a turn sends the same turn again, and its call must
  // not collide with the first one's (the ledger keeps the first record of an id). Time-ordered, as the ledger indexes it.
  const call = newCallId('r');
  // A whole reply is made from it; a stream needs its text only to store the reply (the client's tally keeps it for the
  // transcript, the ledger and a continuation), so a stream held open keeps its text once. `pipe` replaces it.
  let accumulator = new ReplyAccumulator();
  const replyModel = (alias: string) => replyModelName(context.protocol, context.requestedModel, alias);

  const finish = async (committedAlias: string | undefined) => {
    const result = await run.result;
    const outcome: RouteOutcome = { plan, keyName: context.caller.keyName, call, result, toolCalls: accumulator.toolCallCount(), aborted: context.cancelled };
    if (routed.ledgerCollection) outcome.collection = routed.ledgerCollection;
    if (input.shape) outcome.shape = input.shape.shape;
    recordRouteTurn(runtime.ledger, config, outcome);
    if (result.alias) runtime.transcripts?.keep(call, request, answerOf(result));
    if (runtime.events.listened) {
      for (const failover of routeFailovers(result, routed.ledgerCollection, context.caller.keyName)) runtime.events.emit({ type: 'failover', failover });
    }
    runtime.shadows.after({ config, target, request: upstreamRequest, betas, plan, call, result, keyName: context.caller.keyName, aborted: context.cancelled });
    const settled: TurnOutcome = { failed: failedMembers(result), cooldown: settings.cooldown };
    if (committedAlias) settled.answered = committedAlias;
    await runtime.router.settle(plan, settled).catch((error: unknown) => runtime.logger.warn({ err: (error as Error).message }, 'router settle failed'));
  };
  let resolveDone: () => void = () => undefined;
  const done = new Promise<void>((resolve) => (resolveDone = resolve));
  const finishOnce = (committedAlias: string | undefined): Promise<void> => finish(committedAlias).finally(resolveDone);

  // Kept before the reply goes: the caller's next request (its tool results) may follow at once. Nothing to keep, no promise.
  // Named as the caller sees it: a whole reply after the member that finished it, a stream as its start named it.
  const keepAnswer = (answerer?: string): Promise<void> | undefined => {
    const reasoning = keepsReasoning && accumulator.toolCallCount() > 0;
    if (!reasoning && !input.onAnswered) return undefined;
    const reply = accumulator.toReply({ id: call, model: '' });
    reply.id = call; // the upstream's own id otherwise
    const keep = async () => {
      if (reasoning) await runtime.router.keepReasoning(plan, reply.content);
      if (input.onAnswered) {
        const commit = await run.committed;
        reply.model = replyModel(answerer ?? (commit.ok ? commit.alias : ''));
        await input.onAnswered(reply);
      }
    };
    return keep().catch((error: unknown) => runtime.logger.warn({ err: (error as Error).message }, 'keeping the answer failed'));
  };

  const benchFor = (commit: Commit | undefined, usage: Usage | undefined) => {
    // After a continuation the finish (and its usage) is the continuing member's: it is the one that answered.
    const alias = answeredBy(commit);
    const cost = alias !== undefined ? usageCost(usage, config.models[alias]?.price) : null;
    if (cost !== null) summary.cost = cost;
    return routeBench({
      plan,
      collection: routed.ledgerCollection,
      call,
      alias,
      attempts: commit?.attempts ?? [],
      warnings: commit?.ok ? commit.warnings : undefined,
      continued: commit?.ok ? commit.continued : undefined,
      shape: input.shape,
      cost,
    });
  };

  const reply = async (): Promise<TurnReply> => {
    const commit = await run.committed;
    if (!commit.ok) {
      await finishOnce(undefined);
      throw commit.error;
    }
    summary.model = commit.alias;
    // Read whole, a batch at a time (a promise an event buys nothing here); the reply is made once the events ended,
    // then recording and settling the turn come after.
    let finished = false;
    const whole = accumulator;
    await run.each((event) => {
      whole.add(event);
      if (event.type === 'finish') finished = true;
    });
    if (!finished) {
      void finishOnce(answeredBy(commit));
      throw new EngineError(502, 'upstream', `${commit.alias} failed part way: ${accumulator.error?.message ?? 'the reply ended unfinished'}`);
    }
    const answerer = answeredBy(commit) ?? commit.alias; // not streamed: the caller learns who finished the answer
    const kept = keepAnswer(answerer);
    if (kept) await kept;
    summary.model = answerer;
    const answer = accumulator.toReply({ id: call, model: answerer });
    answer.id = call; // the turn's own id, streamed or not (the ledger's call, a later previous_response_id)
    answer.model = replyModel(answerer);
    answer.extra = { bench: benchFor(commit, answer.usage) };
    void finishOnce(answeredBy(commit));
    return { reply: answer, headers: { 'x-bench-conversation': plan.conversation, 'x-bench-model': answerer } };
  };

  // Streamed: the 200 waits for the first piece or the grace period, so a turn that fails quickly keeps its status.
  let committedEarly: Commit | undefined;
  const open = async (): Promise<TurnHead> => {
    // A plain timer, cleared once the race is over: aborting a timers/promises sleep builds an AbortError and a DOMException per turn.
    let graceTimer: NodeJS.Timeout | undefined;
    const graceOver = new Promise<'grace'>((resolve) => {
      graceTimer = setTimeout(resolve, settings.timeouts.graceMs, 'grace' as const);
      graceTimer.unref();
    });
    const first = await Promise.race([run.committed, graceOver]);
    clearTimeout(graceTimer); // no timer left behind for the rest of the stream
    if (first !== 'grace' && !first.ok) {
      await finishOnce(undefined);
      throw first.error;
    }
    committedEarly = first === 'grace' ? undefined : first;
    const answered = committedEarly?.ok ? committedEarly.alias : undefined;
    // With a first piece in hand the headers leave with it; otherwise (the grace period ran out) at once.
    const headers: Record<string, string> = { 'x-bench-conversation': plan.conversation };
    if (answered) {
      headers['x-bench-model'] = answered;
      summary.model = answered;
    }
    return { headers, flush: !answered, id: call, model: replyModel(answered ?? context.requestedModel) };
  };

  const pipe = async (sink: TurnSink): Promise<void> => {
    const clientEvents: ClientEventContext = { run, replyModel, benchFor, call, protocol: context.protocol };
    accumulator = new ReplyAccumulator({ keepText: input.onAnswered !== undefined });
    try {
      for await (const upstream of run.events) {
        if (sink.closed) break;
        accumulator.add(upstream);
        const kept = upstream.type === 'finish' ? keepAnswer() : undefined;
        if (kept) await kept;
        // Only start and finish are rewritten (after the commit); the others pass without a promise each.
        const event = upstream.type === 'start' || upstream.type === 'finish' ? await toClientEvent(upstream, clientEvents) : upstream;
        const full = sink.write(event);
        if (full) await full;
        // The caller's stream ends with the upstream's finish or error, without waiting for the upstream to close.
        if (event.type === 'finish' || event.type === 'error') sink.end();
      }
    } finally {
      sink.end();
      const commit = await run.committed;
      const answerer = answeredBy(commit);
      if (answerer !== undefined) summary.model = answerer; // also when it answered after the 200 went, or continued the stream
      await finishOnce(answerer);
    }
  };

  return { open, pipe, reply, cancel: () => run.cancel(), done };
}

// Not async: it hands back the router's own promise (an async wrapper returning a promise costs a promise and two ticks more).
function planTurn(input: RouteTurnInput, routed: ReturnType<typeof routerCollectionOf>): Promise<Plan> {
  const { context, runtime, target, request } = input;
  const cooldown = target.kind === 'collection' ? target.collection.settings.cooldown : runtime.config.defaults.cooldown;
  // A request no member can take is the router's to say (a 413 for size, a 400 naming each member's reason).
  const planInput: PlanInput = {
    collection: routed.collection,
    keyName: context.caller.keyName,
    request,
    headers: context.headers,
    settings: routed.settings,
    cooldown,
  };
  if (input.shape) planInput.shape = input.shape.shape;
  return runtime.router.plan(planInput);
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
