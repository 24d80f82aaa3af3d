import { identifyConversation, type IdentifyInput, type IdentifyOptions } from './identify-conversation';
import type { RequestProfile } from './request-profile';
import { isPromise, type MaybePromise } from './maybe-promise';
import { orFallback } from './or-fallback';
import type { ClaimResult, ConversationStore } from './stores/conversation-store';

export interface ClaimedConversation {
  conversation: string;
  identity: 'session' | 'fingerprint';
  turn: number;
  isNew: boolean;
  /** The member the conversation is on, when it was already under way. */
  keptAlias: string | undefined;
}

/**
 * Finds the conversation and claims it for `proposedAlias` when it is new
 * (the store makes the first of simultaneous claims win). The turn is the
 * request's count, or the stored turn + 1 when the request carries no history.
 */
export function claimConversation(
  conversations: ConversationStore,
  input: IdentifyInput,
  options: IdentifyOptions,
  profile: RequestProfile,
  proposedAlias: string,
  timing: { ttlMs: number; now: number },
  onStoreError: (error: unknown) => void = rethrow,
): MaybePromise<ClaimedConversation> {
  const found = identifyConversation(input, options, profile);
  const claimed = (claim: ClaimResult): ClaimedConversation => {
    const isNew = claim.created;
    return {
      conversation: found.conversation,
      identity: found.identity,
      turn: isNew || profile.assistantTurns > 0 ? found.turn : claim.conversation.turn + 1,
      isNew,
      keptAlias: isNew ? undefined : claim.conversation.alias,
    };
  };
  // The store unread (down, timing out): the conversation as identified, new to it, kept on no member this turn.
  const unread = (): ClaimResult => ({ created: true, conversation: { alias: proposedAlias, turn: found.turn } });
  // A store in memory answers at once: no promise, no wait.
  const claim = orFallback(() => conversations.claim(found.conversation, { alias: proposedAlias, turn: found.turn }, timing), unread, onStoreError);
  return isPromise(claim) ? claim.then(claimed) : claimed(claim);
}

function rethrow(error: unknown): never {
  throw error;
}
