import type { HeldReasoning } from '../held-reasoning';
import type { MaybePromise } from '../maybe-promise';
import type { ConversationTiming } from './conversation-store';

/**
 * Reasoning the caller's protocol could not carry back (see held-reasoning.ts),
 * by conversation and call. Entries expire when idle, like conversations: a
 * read restarts their expiry. A store in memory may answer at once.
 */
export interface ReasoningStore {
  put(key: string, held: HeldReasoning, timing: ConversationTiming): MaybePromise<void>;
  /** The held reasoning under each key, undefined where there is none. */
  get(keys: readonly string[], timing: ConversationTiming): MaybePromise<Array<HeldReasoning | undefined>>;
}
