import type { Engine, ResolvedReferences } from '@bench/engine';
import { EngineError } from '@bench/engine';
import { getCodec, type NeutralRequest, type ParseRequestOptions } from '@bench/formats';
import { takeCompaction, type Compaction } from '../compaction/take-compaction';
import type { RequestState } from '../request-state';
import { streamFormOf } from '../stream/stream-form';
import { checkOutputBudget } from './output-budget';

export interface ClientRequest {
  request: NeutralRequest;
  /** A Codex compaction asked for (Responses only), taken off the body. */
  compaction?: Compaction;
  /** The model name as the caller asked for it (body or Gemini path). */
  requestedModel: string;
  /** Responses whose items the request's `item_reference`s named (Responses only). */
  references?: ResolvedReferences;
}

/** Reads and parses a generate request in the route's protocol; the model comes from the body or the Gemini path. */
export async function parseClientRequest(state: RequestState, engine: Engine): Promise<ClientRequest> {
  streamFormOf(state); // a Gemini `alt` that cannot be served is refused before anything is read
  const body = await state.readBody(engine.config.server.bodyLimitBytes);
  const route = state.route;
  const codec = getCodec(state.protocol);
  let compaction: Compaction | undefined;
  let references: ResolvedReferences | undefined;
  if (state.protocol === 'openai-responses') {
    compaction = takeCompaction(body, route);
    references = await engine.responses.resolveReferences(body, state.caller);
  }
  const request = codec.parseRequest(body, parseOptionsOf(route));
  checkOutputBudget(request, state.protocol, body);
  const requestedModel = route.pathModel ?? request.model;
  if (!requestedModel)
    throw new EngineError(400, 'invalid-request', 'model: required; name a collection (bench/<collection>) or a model alias', { param: 'model' });
  const parsed: ClientRequest = { request, requestedModel };
  if (compaction) parsed.compaction = compaction;
  if (references?.size) parsed.references = references;
  return parsed;
}

/** What the path says that the body does not (Gemini's model and method, Ollama's endpoint); most routes: nothing. */
function parseOptionsOf(route: RequestState['route']): ParseRequestOptions {
  if (route.pathModel === undefined && route.stream === undefined && !route.endpoint) return NO_PARSE_OPTIONS;
  const options: ParseRequestOptions = {};
  if (route.pathModel !== undefined) options.model = route.pathModel;
  if (route.stream !== undefined) options.stream = route.stream;
  if (route.endpoint) options.endpoint = route.endpoint;
  return options;
}

const NO_PARSE_OPTIONS: ParseRequestOptions = Object.freeze({});
