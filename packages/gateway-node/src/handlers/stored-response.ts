import { GatewayError } from '../errors/gateway-error';
import { sendJSON } from '../http/send';
import type { RequestState } from '../request-state';
import { MAX_ID_LENGTH, ownStoredResponse, WHAT_IS_KEPT } from '../responses-state/previous-response';
import type { ResponseStore, StoredResponse } from '../responses-state/response-store';
import { storedResponseObject } from '../responses-state/stored-response-object';

/** `GET /v1/responses/{id}`: a stored response as its request was answered (not streamed), for the key that made it. */
export async function handleRetrieveResponse(state: RequestState, store: ResponseStore): Promise<void> {
  const id = state.route.responseId ?? '';
  if (state.url.searchParams.get('stream') === 'true') {
    throw new GatewayError(400, 'invalid-request', 'stream: bench keeps finished responses only, so there is no stream to resume; retrieve it without stream', { param: 'stream' });
  }
  const response = storedResponseObject(id, await ownResponse(store, id, state.caller.keyName));
  if (!response) throw notFound(id);
  sendJSON(state.res, 200, response);
}

/** `DELETE /v1/responses/{id}`: forgets a stored response; a later `previous_response_id` naming it (or continuing it) is refused. */
export async function handleDeleteResponse(state: RequestState, store: ResponseStore): Promise<void> {
  const id = state.route.responseId ?? '';
  await ownResponse(store, id, state.caller.keyName);
  await store.delete(id);
  sendJSON(state.res, 200, { id, object: 'response', deleted: true });
}

/** The stored response `id` if the caller's key made it; otherwise a 404 (another key's response is not there for this one). */
async function ownResponse(store: ResponseStore, id: string, keyName: string): Promise<StoredResponse> {
  if (id.length > MAX_ID_LENGTH) throw notFound(`${id.slice(0, 40)}…`);
  const stored = await ownStoredResponse(store, id, keyName);
  if (!stored) throw notFound(id);
  return stored;
}

const notFound = (id: string) => new GatewayError(404, 'not-found', `no response "${id}" here: ${WHAT_IS_KEPT}`);
