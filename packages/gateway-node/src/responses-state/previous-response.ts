import type { AssistantContentPart, Message, NeutralRequest } from '@bench/formats';
import type { MaybePromise } from '@bench/router';
import { GatewayError } from '../errors/gateway-error';
import type { ResponseStore } from './response-store';

/** How long a stored response is kept after its last use. */
export const RESPONSE_TTL_MS = 24 * 3_600_000;
/** Longer chains than this are refused rather than walked (a chain is one lookup a turn). */
const MAX_TURNS = 10_000;

const notKept = (id: string) =>
  `bench keeps a response for ${RESPONSE_TTL_MS / 3_600_000} h after its last use, and none whose request said store: false; send the whole conversation in input instead`;

/**
 * A Responses request naming `previous_response_id`: the conversation it
 * continues, read back from the store, before the request's own input; the
 * field itself goes (no member knows bench's ids). Unchanged without one.
 */
async function withPreviousResponse(store: ResponseStore, request: NeutralRequest): Promise<{ request: NeutralRequest; previous: string | null }> {
  const id = request.extra.previous_response_id;
  if (id === undefined || id === null) return { request, previous: null };
  if (typeof id !== 'string' || id === '') {
    throw new GatewayError(400, 'invalid-request', 'previous_response_id: expected the id of an earlier response', { param: 'previous_response_id' });
  }
  const turns: Message[][] = [];
  for (let at: string | null = id; at !== null; ) {
    if (turns.length >= MAX_TURNS) throw new GatewayError(400, 'invalid-request', `previous_response_id: a conversation over ${MAX_TURNS} responses long; send it in input instead`, { param: 'previous_response_id' });
    const stored = await store.get(at, RESPONSE_TTL_MS);
    if (!stored) {
      const what = at === id ? `no response "${id}" here` : `response "${id}" continues "${at}", which is no longer here`;
      throw new GatewayError(400, 'invalid-request', `previous_response_id: ${what}: ${notKept(id)}`, { param: 'previous_response_id' });
    }
    turns.push(stored.messages);
    at = stored.previous;
  }
  const { previous_response_id: _id, ...extra } = request.extra;
  const messages = turns.reverse().flat();
  for (const message of request.messages) messages.push(message);
  return { request: Object.assign({}, request, { messages, extra }), previous: id };
}

/** A Responses turn: its request with the conversation it continues, and how to keep its answer (unless `store: false`). */
export async function responsesTurn(
  store: ResponseStore,
  request: NeutralRequest,
): Promise<{ request: NeutralRequest; onAnswered?: (answer: AssistantContentPart[], replyId: string) => MaybePromise<void> }> {
  const { request: continued, previous } = await withPreviousResponse(store, request);
  if (request.extra.store === false) return { request: continued };
  return { request: continued, onAnswered: (answer, replyId) => storeResponse(store, replyId, previous, request.messages, answer) };
}

/** Keeps a reply for a later `previous_response_id`: what its request added, its answer, and what it continued. */
function storeResponse(store: ResponseStore, replyId: string, previous: string | null, added: readonly Message[], answer: AssistantContentPart[]) {
  const messages: Message[] = [...added, { role: 'assistant', content: answer }];
  return store.put(replyId, { previous, messages }, RESPONSE_TTL_MS);
}
