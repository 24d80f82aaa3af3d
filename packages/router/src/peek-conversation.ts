import { identifyConversation, type IdentifyInput, type IdentifyOptions } from './identify-conversation';
import { isPromise, type MaybePromise } from './maybe-promise';
import { orFallback } from './or-fallback';
import type { ConversationStore, StoredConversation } from './stores/conversation-store';

/** A conversation under way, as the store has it: who it is on, and the last turn it took. */
export interface PeekedConversation {
  conversation: string;
  identity: 'session' | 'fingerprint';
  /** The member the conversation is on. */
  alias: string;
  turn: number;
}

/**
 * The member a request's conversation is on, identified as a turn identifies it, without a turn: nothing is
 * claimed, extended or moved. Undefined for a conversation not under way, or when the store cannot be read.
 */
export function peekConversation(
  conversations: ConversationStore,
  input: IdentifyInput,
  options: IdentifyOptions,
  now: number,
  onStoreError: (error: unknown) => void,
): MaybePromise<PeekedConversation | undefined> {
  const found = identifyConversation(input, options);
  const peeked = (stored: StoredConversation | undefined): PeekedConversation | undefined =>
    stored === undefined ? undefined : { conversation: found.conversation, identity: found.identity, alias: stored.alias, turn: stored.turn };
  const reading = orFallback(
    () => conversations.peek(found.conversation, now),
    () => undefined,
    onStoreError,
  );
  return isPromise(reading) ? reading.then(peeked) : peeked(reading);
}
