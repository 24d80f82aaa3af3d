import { getCodec, type NeutralRequest } from '@bench/formats';
import { takeCompaction, type Compaction } from '../compaction/take-compaction';
import { GatewayError } from '../errors/gateway-error';
import { readJSONBody } from '../http/read-body';
import type { RequestState } from '../request-state';
import { resolveItemReferences, type ResolvedReferences } from '../responses-state/item-references';
import type { GatewayRuntime } from '../runtime/gateway-runtime';
import { streamFormOf } from '../stream/stream-form';
import { takeBenchOptions, type BenchOptions } from './bench-options';
import { checkOutputBudget } from './output-budget';

export interface ClientRequest {
  request: NeutralRequest;
  /** A Codex compaction asked for (Responses only), taken off the body. */
  compaction?: Compaction;
  bench: BenchOptions;
  /** The model name as the caller asked for it (body or Gemini path). */
  requestedModel: string;
  /** Responses whose items the request's `item_reference`s named (Responses only). */
  references?: ResolvedReferences;
}

/** Reads and parses a generate request in the route's protocol; the model comes from the body or the Gemini path. */
export async function parseClientRequest(state: RequestState, runtime: GatewayRuntime): Promise<ClientRequest> {
  streamFormOf(state); // a Gemini `alt` that cannot be served is refused before anything is read
  const body = await readJSONBody(state.req, runtime.config.server.bodyLimitBytes);
  const route = state.route;
  const codec = getCodec(state.protocol);
  let compaction: Compaction | undefined;
  let references: ResolvedReferences | undefined;
  if (state.protocol === 'openai-responses') {
    compaction = takeCompaction(body, route);
    references = await resolveItemReferences(body, runtime.responses, state.caller.keyName);
  }
  const request = codec.parseRequest(body, {
    ...(route.pathModel !== undefined ? { model: route.pathModel } : {}),
    ...(route.stream !== undefined ? { stream: route.stream } : {}),
    ...(route.endpoint ? { endpoint: route.endpoint } : {}),
  });
  checkOutputBudget(request, state.protocol, body);
  const requestedModel = route.pathModel ?? request.model;
  if (!requestedModel) throw new GatewayError(400, 'invalid-request', 'model: required; name a collection (bench/<collection>) or a model alias', { param: 'model' });
  const parsed: ClientRequest = { request, bench: takeBenchOptions(request.extra), requestedModel };
  if (compaction) parsed.compaction = compaction;
  if (references?.size) parsed.references = references;
  return parsed;
}
