import type { NeutralReply, NeutralRequest, StreamEvent } from '@bench/formats';
import { runPanel, type PanelBench, type PanelRun, type PanelReplyMode } from '@bench/panel';
import { isPromise, type MaybePromise, type MemberRecord } from '@bench/router';
import type { ResolvedCollection } from '../config/resolved-config';
import { replyModelName } from '../route/reply-model-name';
import { callerBetas } from '../runtime/caller-betas';
import type { EngineRuntime } from '../runtime/engine-runtime';
import type { TurnHead, TurnReply, TurnSink } from '../turn/turn';
import type { TurnContext } from '../turn/turn-context';
import type { TurnRunner } from '../turn/turn-runner';
import type { TurnShape } from '../shapes/turn-shape';
import { withPanelCosts } from './panel-costs';
import { firstCallForRequest } from './first-call-for-request';
import { recordedVia } from './recorded-via';
import { textAnswer } from '../transcripts/transcript-keeper';
import { panelCollectionOf, panelMemberLookup } from './panel-members';

export interface PanelTurnInput {
  context: TurnContext;
  runtime: EngineRuntime;
  collection: ResolvedCollection;
  mode: PanelReplyMode;
  request: NeutralRequest;
  with: readonly string[];
  /** What kind of task the turn is: seats, explorers and the merger are chosen by the records on it. */
  shape?: TurnShape;
  /** Called with the reply once the panel finished, before the reply's end goes (a Responses reply kept). */
  onAnswered?: (reply: NeutralReply) => MaybePromise<void>;
}

/** A panel (`all` or `merged`): seated at once, open as soon as seated, the answer as it comes, `bench` at the end. */
export function startPanelTurn(input: PanelTurnInput): TurnRunner | Promise<TurnRunner> {
  const { runtime, collection } = input;
  const reading = runtime.records.getRecords(input.with.length === 0 ? recordsReadFor(collection) : [...recordsReadFor(collection), ...input.with]);
  // Fresh records come at once, and the panel is seated at once: no promise for the turn to wait on.
  return isPromise(reading) ? reading.then((records) => seatPanel(input, records)) : seatPanel(input, reading);
}

/** Whose records a collection's panel reads (members, then the merger), once per resolved collection: a new config resolves new ones. */
const RECORDS_READ = new WeakMap<ResolvedCollection, readonly string[]>();

function recordsReadFor(collection: ResolvedCollection): readonly string[] {
  let aliases = RECORDS_READ.get(collection);
  if (!aliases) RECORDS_READ.set(collection, (aliases = collection.merger ? [...collection.members, collection.merger] : [...collection.members]));
  return aliases;
}

function seatPanel(input: PanelTurnInput, records: ReadonlyMap<string, MemberRecord>): TurnRunner {
  const { context, runtime, collection, request } = input;
  const { summary } = context;
  summary.collection = collection.name;
  summary.reply = input.mode;
  // A panel that cannot seat (tools, no member fits) says why, in its own error.
  const run: PanelRun = runPanel({
    client: runtime.client,
    collection: panelCollectionOf(collection),
    models: panelMemberLookup(runtime.config, runtime.env, callerBetas(context)),
    request, // the panel streams every seat's call itself
    mode: input.mode,
    with: input.with,
    newId: runtime.newId,
    records,
    shape: input.shape?.shape ?? 'general',
    shapeBy: input.shape?.by ?? 'default',
    random: runtime.random,
    recorder: firstCallForRequest(context.via ? recordedVia(runtime.ledger, context.via) : runtime.ledger),
    onRecordError: (error) => runtime.logger.error({ err: (error as Error).message }, 'panel record refused'),
    keyName: context.caller.keyName,
  });
  context.onCancel.push(() => run.cancel());
  // The next panels within the records' cache age see these seats' calls: explorers move on.
  for (const seat of run.seats) runtime.records.noteSeat(seat.alias, input.shape?.shape ?? 'general');
  const headers = { 'x-bench-panel': run.id, 'x-bench-seats': run.seats.map((seat) => seat.alias).join(',') };
  const model = replyModelName(context.protocol, context.requestedModel, `bench/${collection.name}`);
  const costed = (bench: PanelBench) => {
    const priced = withPanelCosts(bench, (alias) => runtime.config.models[alias]?.price);
    if ('cost' in priced && typeof priced.cost === 'number') summary.cost = priced.cost;
    return priced;
  };
  const keepAnswer = async (onAnswered: NonNullable<PanelTurnInput['onAnswered']>, reply: NeutralReply) => {
    try {
      await onAnswered(reply);
    } catch (error) {
      runtime.logger.warn({ err: (error as Error).message }, 'keeping the answer failed');
    }
  };
  // The panel records its own calls (and, when kept, their prompt and answers); the turn is done when its seats and merger are.
  const done = run.result.then(
    (result) => {
      const keeper = runtime.transcripts;
      if (!keeper) return;
      for (const seat of result.bench.seats) if (seat.answer !== '') keeper.keep(seat.call, request, textAnswer(seat.answer));
      if (result.bench.merger?.status === 'ok') keeper.keep(result.bench.merger.call, request, textAnswer(result.text));
    },
    () => undefined,
  );

  // A then, not an async function that awaits: one promise a reply, not two.
  const reply = (): Promise<TurnReply> => {
    run.dropEvents(); // the labelled answers are built once, for the result: no streamed blocks nobody reads
    return run.result.then((result) => {
      const answer: NeutralReply = {
        id: run.id,
        model,
        created: Math.floor(Date.now() / 1000),
        content: [{ type: 'text', text: result.text }],
        finishReason: result.finishReason,
        usage: result.usage,
      };
      const answered = (): TurnReply => {
        answer.extra = { bench: costed(result.bench) };
        return { reply: answer, headers };
      };
      return input.onAnswered ? keepAnswer(input.onAnswered, answer).then(answered) : answered();
    });
  };

  const open = async (): Promise<TurnHead> => ({ headers, flush: true, id: run.id, model });

  const pipe = async (sink: TurnSink): Promise<void> => {
    const created = Math.floor(Date.now() / 1000);
    const send = (event: StreamEvent) => sink.write(event);
    try {
      await send({ type: 'start', id: run.id, model, created });
      let answer = '';
      for await (const event of run.events) {
        if (sink.closed) break;
        switch (event.type) {
          case 'seated':
          case 'seat-done':
            context.onProgress?.(event); // for a caller that shows progress (MCP); a wire's keep-alives cover the wait
            break;
          case 'text-delta':
            if (input.onAnswered) answer += event.text;
            await send({ type: 'text-delta', text: event.text });
            break;
          case 'done':
            if (input.onAnswered) {
              const content: NeutralReply['content'] = [{ type: 'text', text: answer }];
              await keepAnswer(input.onAnswered, {
                id: run.id,
                model,
                created,
                content,
                finishReason: event.finishReason,
                ...(event.usage ? { usage: event.usage } : {}),
              });
            }
            await send({ type: 'finish', reason: event.finishReason, usage: event.usage, extra: { bench: costed(event.bench) } });
            break;
          case 'error':
            await send({ type: 'error', error: event.error.toNeutral() });
            break;
          default: {
            const unreachable: never = event;
            return unreachable;
          }
        }
      }
    } finally {
      sink.end();
    }
  };

  return { open, pipe, reply, cancel: () => run.cancel(), done };
}
