import type { NeutralRequest } from '@bench/formats';
import { conversationId } from './conversation-id';
import type { HeaderRecord } from './header-record';
import { profileRequest, type RequestProfile } from './request-profile';
import { sessionIdOf } from './session-id';

export interface IdentifyInput {
  /** The collection's name. */
  collection: string;
  /** The caller's key name ('' when the gateway has no keys). */
  keyName: string;
  request: NeutralRequest;
  headers?: HeaderRecord;
}

export interface IdentifyOptions {
  /** Applied to the system text before hashing: strip what changes every turn (dates, git status). */
  normalizeSystem?: (text: string) => string;
}

export interface ConversationIdentity {
  conversation: string;
  identity: 'session' | 'fingerprint';
  /** Assistant messages in the request + 1. */
  turn: number;
}

/**
 * Which conversation a request belongs to: sha-256 of collection, key name,
 * the system text it opened with (not system messages added after the first
 * reply), and the client's session id or else the first user message.
 */
export function identifyConversation(
  input: IdentifyInput,
  options: IdentifyOptions = {},
  profile: RequestProfile = profileRequest(input.request),
): ConversationIdentity {
  const sessionId = sessionIdOf(input.headers ?? {}, input.request);
  const conversation = conversationId({
    collection: input.collection,
    keyName: input.keyName,
    system: input.request.system,
    systemBeforeReplies: input.request.systemBeforeReplies,
    sessionId,
    firstUser: profile.firstUser,
    normalizeSystem: options.normalizeSystem,
  });
  return { conversation, identity: sessionId === undefined ? 'fingerprint' : 'session', turn: profile.assistantTurns + 1 };
}
