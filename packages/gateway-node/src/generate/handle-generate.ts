import type { Engine, TurnOptions } from '@bench/engine';
import { getCodec } from '@bench/formats';
import { writeCompaction } from '../compaction/write-compaction';
import type { RequestState } from '../request-state';
import { streamFormOf } from '../stream/stream-form';
import { toHttpError } from '../errors/to-http-error';
import { parseClientRequest, type ClientRequest } from './parse-client-request';
import { streamSink } from './stream-sink';

/**
 * Every protocol's generate route: parse in the route's protocol, run the turn
 * on the engine, and write what it yields — one writer for panels and routes
 * (the 200 held until the turn opens, keep-alives, error events part way,
 * backpressure, the turn cancelled when the caller leaves).
 */
export async function handleGenerate(state: RequestState, engine: Engine): Promise<void> {
  const parsed = await parseClientRequest(state, engine);
  state.log.model = parsed.requestedModel;
  if (!state.trace) return runTurn(state, engine, parsed);
  // Traced: the turn runs in its span's context, so that its calls' spans (made as they are recorded) are its children.
  const traced = state.trace.turn(parsed.requestedModel);
  let failure: { kind: string } | undefined;
  try {
    return await traced.run(() => runTurn(state, engine, parsed));
  } catch (error) {
    failure = { kind: toHttpError(error).error.kind };
    throw error;
  } finally {
    // Ended once the turn is recorded (its calls' spans made), or at once when it never started.
    const done = state.turn?.done ?? Promise.resolve();
    void done.then(() => traced.end(state.turn?.summary ?? {}, failure));
  }
}

async function runTurn(state: RequestState, engine: Engine, parsed: ClientRequest): Promise<void> {
  const { request, requestedModel, compaction, references } = parsed;
  // Field by field, not with spreads of optional fields: this runs on every request.
  const options: TurnOptions = { model: requestedModel, key: state.caller, protocol: state.protocol, headers: state.headers };
  if (references) options.references = references;
  if (compaction) options.compaction = true;
  const turn = engine.turn(request, options);
  state.turn = turn;
  state.presence.onLeave(() => turn.cancel());
  const endpoint = state.route.endpoint ? { endpoint: state.route.endpoint } : {};

  if (compaction || !request.stream) {
    const { reply, headers } = await turn.reply();
    if (compaction) return writeCompaction(state, compaction, request.stream, reply, headers);
    return state.reply.json(200, getCodec(state.protocol).formatReply(reply, { request, ...endpoint }).value, headers);
  }

  const form = streamFormOf(state);
  const head = await turn.open();
  const writer = state.reply.stream(
    200,
    { 'content-type': form.streamContentType, ...head.headers },
    { flush: head.flush, keepAlive: form.keepAlive, keepAliveMs: engine.config.server.keepAliveMs },
  );
  const encoder = form.createStreamEncoder({ request, id: head.id, model: head.model, ...endpoint });
  const sink = streamSink(writer, encoder);
  await turn.pipe(sink);
}
