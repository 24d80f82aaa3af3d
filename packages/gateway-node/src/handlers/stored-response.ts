import { EngineError, WHAT_IS_KEPT, type Engine } from '@bench/engine';
import type { RequestState } from '../request-state';
import { quoteValue } from '@bench/contracts';

/** `GET /v1/responses/{id}`: a stored response as its request was answered (not streamed), for the key that made it. */
export async function handleRetrieveResponse(state: RequestState, engine: Engine): Promise<void> {
  const id = state.route.responseId ?? '';
  if (state.url.searchParams.get('stream') === 'true') {
    throw new EngineError(400, 'invalid-request', 'stream: bench keeps finished responses only, so there is no stream to resume; retrieve it without stream', {
      param: 'stream',
    });
  }
  const response = await engine.responses.retrieve(id, state.caller);
  if (!response) throw notFound(id);
  state.reply.json(200, response);
}

/** `DELETE /v1/responses/{id}`: forgets a stored response; a later `previous_response_id` naming it (or continuing it) is refused. */
export async function handleDeleteResponse(state: RequestState, engine: Engine): Promise<void> {
  const id = state.route.responseId ?? '';
  if (!(await engine.responses.delete(id, state.caller))) throw notFound(id);
  state.reply.json(200, { id, object: 'response', deleted: true });
}

/** Another key's response is not there for this one. */
const notFound = (id: string) => new EngineError(404, 'not-found', `no response ${quoteValue(id)} here: ${WHAT_IS_KEPT}`);
