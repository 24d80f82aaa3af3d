import type { Message, NeutralReply, NeutralRequest } from '@bench/formats';
import type { MaybePromise } from '@bench/router';
import { EngineError } from '../errors/engine-error';
import type { ResolvedReferences } from './item-references';
import type { ResponseEcho, ResponseStore, StoredResponse } from './response-store';

/** How long a stored response is kept after its last use. */
export const RESPONSE_TTL_MS = 24 * 3_600_000;
/** Longer chains than this are refused rather than walked (a chain is one lookup a turn). */
const MAX_TURNS = 10_000;
/** Longer than any id bench (or OpenAI) writes: refused before it becomes a store key or goes into an error message. */
export const MAX_ID_LENGTH = 200;

/** What is kept, for an error saying something is not. */
export const WHAT_IS_KEPT = `bench keeps a response for ${RESPONSE_TTL_MS / 3_600_000} h after its last use, for the key that made it, and none whose request said store: false`;
const NOT_KEPT = `${WHAT_IS_KEPT}; send the whole conversation in input instead`;

/** A stored response if the caller's key made it (another key's is not there for this one); a read restarts its expiry. */
export async function ownStoredResponse(store: ResponseStore, id: string, keyName: string): Promise<StoredResponse | undefined> {
  const stored = await store.get(id, RESPONSE_TTL_MS);
  return stored?.keyName === keyName ? stored : undefined;
}

/**
 * A Responses request naming `previous_response_id`: the conversation it
 * continues, read back from the store, before the request's own input; the
 * field itself goes (no member knows bench's ids). Unchanged without one.
 */
async function withPreviousResponse(
  store: ResponseStore,
  request: NeutralRequest,
  keyName: string,
  references: ResolvedReferences | undefined,
): Promise<{ request: NeutralRequest; previous: string | null }> {
  const id = request.extra.previous_response_id;
  if (id === undefined || id === null) return { request, previous: null };
  if (typeof id !== 'string' || id === '' || id.length > MAX_ID_LENGTH) {
    const why =
      typeof id === 'string' && id.length > MAX_ID_LENGTH ? `${id.length} characters, longer than any response id` : 'expected the id of an earlier response';
    throw new EngineError(400, 'invalid-request', `previous_response_id: ${why}`, { param: 'previous_response_id' });
  }
  const turns: Message[][] = [];
  for (let at: string | null = id; at !== null; ) {
    if (turns.length >= MAX_TURNS)
      throw new EngineError(400, 'invalid-request', `previous_response_id: a conversation over ${MAX_TURNS} responses long; send it in input instead`, {
        param: 'previous_response_id',
      });
    const stored = await ownStoredResponse(store, at, keyName);
    if (!stored) {
      const what = at === id ? `no response "${id}" here` : `response "${id}" continues "${at}", which is no longer here`;
      throw new EngineError(400, 'invalid-request', `previous_response_id: ${what}: ${NOT_KEPT}`, { param: 'previous_response_id' });
    }
    const duplicate = references?.get(at);
    if (duplicate !== undefined) {
      // OpenAI refuses this too: the item would reach the member twice.
      throw new EngineError(
        400,
        'invalid-request',
        `input: item_reference "${duplicate}" names an item already in the conversation previous_response_id continues; send only what is new`,
        { param: 'input' },
      );
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
  keyName: string,
  references?: ResolvedReferences,
): Promise<{ request: NeutralRequest; onAnswered?: (reply: NeutralReply) => MaybePromise<void> }> {
  const conversation = request.extra.conversation;
  if (conversation !== undefined && conversation !== null) {
    // OpenAI keeps a Conversation's items server-side; bench has no Conversations API, and a member would get the turn without them.
    throw new EngineError(
      400,
      'invalid-request',
      'conversation: bench keeps no Conversations; continue with previous_response_id, or send the whole conversation in input',
      { param: 'conversation' },
    );
  }
  const { request: continued, previous } = await withPreviousResponse(store, request, keyName, references);
  if (request.extra.store === false) return { request: continued };
  // What the request added and its answer, what it continued, whose it is, and what a retrieval answers with.
  const keep = (reply: NeutralReply): StoredResponse => ({
    previous,
    messages: [...request.messages, { role: 'assistant', content: reply.content }],
    keyName,
    reply: {
      model: reply.model,
      created: reply.created ?? Math.floor(Date.now() / 1000),
      finishReason: reply.finishReason,
      ...(reply.usage ? { usage: reply.usage } : {}),
      echo: echoOf(request),
    },
  });
  return { request: continued, onAnswered: (reply) => store.put(reply.id, keep(reply), RESPONSE_TTL_MS) };
}

function echoOf(request: NeutralRequest): ResponseEcho {
  const { system, tools, toolChoice, parallelToolCalls, reasoning, maxOutputTokens, temperature, topP } = request;
  return { system, tools, toolChoice, parallelToolCalls, reasoning, maxOutputTokens, temperature, topP };
}
