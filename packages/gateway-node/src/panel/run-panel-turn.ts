import { getCodec, type NeutralReply, type NeutralRequest, type StreamEvent } from '@bench/formats';
import { PanelError, runPanel, type PanelBench, type PanelRun, type PanelReplyMode } from '@bench/panel';
import { isPromise, type MaybePromise } from '@bench/router';
import type { ResolvedCollection } from '../config/resolved-config';
import { GatewayError } from '../errors/gateway-error';
import { sendJSON } from '../http/send';
import { replyModelName } from '../reply/reply-model-name';
import type { RequestState } from '../request-state';
import { callerBetas } from '../runtime/caller-betas';
import type { GatewayRuntime } from '../runtime/gateway-runtime';
import { streamFormOf } from '../stream/stream-form';
import { StreamWriter } from '../stream/stream-writer';
import { withPanelCosts } from './panel-costs';
import { panelCollectionOf, panelMemberLookup } from './panel-members';

export interface PanelTurnInput {
  state: RequestState;
  runtime: GatewayRuntime;
  collection: ResolvedCollection;
  mode: PanelReplyMode;
  request: NeutralRequest;
  requestedModel: string;
  with: readonly string[];
  /** Called with the reply once the panel finished, before the reply's end goes (a Responses reply kept). */
  onAnswered?: (reply: NeutralReply) => MaybePromise<void>;
}

const toGatewayError = (error: PanelError) => new GatewayError(error.status, error.toNeutral().kind, error.message, { cause: error });

/** A panel (`all` or `merged`): seated at once, the 200 sent when seated, the answer as it comes, `bench` at the end. */
export async function runPanelTurn(input: PanelTurnInput): Promise<void> {
  const { state, runtime, collection, request } = input;
  state.log.collection = collection.name;
  state.log.reply = input.mode;
  const candidates = [...collection.members, ...input.with, ...(collection.merger ? [collection.merger] : [])];
  const reading = runtime.records.getRecords(candidates);
  const records = isPromise(reading) ? await reading : reading; // fresh records come at once
  let run: PanelRun;
  try {
    run = runPanel({
      client: runtime.client,
      collection: panelCollectionOf(collection),
      models: panelMemberLookup(runtime.config, runtime.env, callerBetas(state)),
      request: { ...request, stream: true },
      mode: input.mode,
      with: input.with,
      newId: runtime.newId,
      records: (alias) => records.get(alias)?.useful,
      recorder: runtime.ledger,
      onRecordError: (error) => runtime.logger.error({ err: (error as Error).message }, 'panel record refused'),
      keyName: state.caller.keyName,
    });
  } catch (error) {
    if (PanelError.isInstance(error)) throw toGatewayError(error);
    throw error;
  }
  state.presence.onLeave(() => run.cancel());
  const headers = { 'x-bench-panel': run.id, 'x-bench-seats': run.seats.map((seat) => seat.alias).join(',') };
  const model = replyModelName(state.protocol, input.requestedModel, `bench/${collection.name}`);
  const codec = getCodec(state.protocol);
  const endpoint = state.route.endpoint ? { endpoint: state.route.endpoint } : {};
  const costed = (bench: PanelBench) => {
    const priced = withPanelCosts(bench, (alias) => runtime.config.models[alias]?.price);
    if ('cost' in priced && typeof priced.cost === 'number') state.log.cost = priced.cost;
    return priced;
  };

  const keepAnswer = async (onAnswered: NonNullable<PanelTurnInput['onAnswered']>, reply: NeutralReply) => {
    try {
      await onAnswered(reply);
    } catch (error) {
      runtime.logger.warn({ err: (error as Error).message }, 'keeping the answer failed');
    }
  };

  if (!request.stream) {
    const result = await run.result.catch((error: unknown) => {
      throw PanelError.isInstance(error) ? toGatewayError(error) : error;
    });
    const reply: NeutralReply = {
      id: run.id,
      model,
      created: Math.floor(Date.now() / 1000),
      content: [{ type: 'text', text: result.text }],
      finishReason: result.finishReason,
      usage: result.usage,
    };
    if (input.onAnswered) await keepAnswer(input.onAnswered, reply);
    reply.extra = { bench: costed(result.bench) };
    return sendJSON(state.res, 200, codec.formatReply(reply, { request, ...endpoint }).value, headers);
  }

  const form = streamFormOf(state);
  const writer = new StreamWriter(state.res, { keepAlive: form.keepAlive, keepAliveMs: runtime.config.server.keepAliveMs });
  writer.open(200, { 'content-type': form.streamContentType, ...headers }, { flush: true });
  const encoder = form.createStreamEncoder({ request, id: run.id, model, ...endpoint });
  const send = (event: StreamEvent) => writer.write(encoder.encode(event));
  const created = Math.floor(Date.now() / 1000);
  await send({ type: 'start', id: run.id, model, created });
  let answer = '';
  for await (const event of run.events) {
    if (writer.isClosed) break;
    switch (event.type) {
      case 'seated':
      case 'seat-done':
        break; // the keep-alives cover the wait
      case 'text-delta':
        if (input.onAnswered) answer += event.text;
        await send({ type: 'text-delta', text: event.text });
        break;
      case 'done':
        if (input.onAnswered) {
          const content: NeutralReply['content'] = [{ type: 'text', text: answer }];
          await keepAnswer(input.onAnswered, { id: run.id, model, created, content, finishReason: event.finishReason, ...(event.usage ? { usage: event.usage } : {}) });
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
  writer.end(encoder.end());
}
