import type { FinishReason, Message, NeutralRequest, Usage } from '@bench/formats';
import type { MaybePromise } from '@bench/router';

/**
 * One stored Responses reply, for a later `previous_response_id` and for
 * `GET /v1/responses/{id}`: the messages its request added to the
 * conversation and its answer (`messages`), and the response it continued
 * (`previous`), so a conversation is a chain and each turn stores only its
 * own part. Instructions and tools are not carried over, as OpenAI's API does
 * not carry them.
 */
export interface StoredResponse {
  previous: string | null;
  messages: Message[];
  /** The key that made it ('' without keys): another key gets it as not found. */
  keyName: string;
  /** What a retrieval answers besides the answer itself; absent in a response kept by an older bench. */
  reply?: StoredReply;
}

export interface StoredReply {
  /** The model name the caller was answered with. */
  model: string;
  /** Unix seconds. */
  created: number;
  finishReason: FinishReason;
  usage?: Usage;
  /** The request fields a response object echoes (instructions, tools, sampling settings). */
  echo: ResponseEcho;
}

export type ResponseEcho = Pick<
  NeutralRequest,
  'system' | 'tools' | 'toolChoice' | 'parallelToolCalls' | 'reasoning' | 'maxOutputTokens' | 'temperature' | 'topP'
>;

/** Stored responses, expiring when idle: a read restarts the expiry. A store in memory may answer at once. */
export interface ResponseStore {
  get(id: string, ttlMs: number): MaybePromise<StoredResponse | undefined>;
  put(id: string, stored: StoredResponse, ttlMs: number): MaybePromise<void>;
  delete(id: string): MaybePromise<void>;
}
