import type { Message } from '@bench/formats';
import type { MaybePromise } from '@bench/router';

/**
 * One stored Responses reply, for a later `previous_response_id`: the messages
 * its request added to the conversation and its answer (`messages`), and the
 * response it continued (`previous`), so a conversation is a chain and each
 * turn stores only its own part. Instructions and tools are not carried over,
 * as OpenAI's API does not carry them.
 */
export interface StoredResponse {
  previous: string | null;
  messages: Message[];
  /** The key that made it ('' without keys): another key gets it as not found. */
  keyName: string;
}

/** Stored responses, expiring when idle: a read restarts the expiry. A store in memory may answer at once. */
export interface ResponseStore {
  get(id: string, ttlMs: number): MaybePromise<StoredResponse | undefined>;
  put(id: string, stored: StoredResponse, ttlMs: number): MaybePromise<void>;
}
