import { InvalidRouteInputError } from '../errors/invalid-route-input-error';
import type { ClaimResult, ConversationStore, ConversationTiming, StoredConversation } from './conversation-store';
import { LruMap } from './lru-map';

export interface MemoryConversationStoreOptions {
  /** Most conversations kept; past it the least recently used is dropped (default 100,000). */
  maxConversations?: number;
}

class Entry {
  constructor(
    readonly alias: string,
    readonly turn: number,
    public expiresAt: number,
  ) {}
}

/** Sticky conversations in this process: bounded (LRU) and expiring when idle. */
export function createMemoryConversationStore(options: MemoryConversationStoreOptions = {}): ConversationStore {
  const capacity = options.maxConversations ?? 100_000;
  if (!Number.isInteger(capacity) || capacity < 1) {
    throw new InvalidRouteInputError('maxConversations', `must be a positive integer, got ${String(capacity)}`);
  }
  const entries = new LruMap<string, Entry>(capacity);

  return {
    claim(id: string, proposal: StoredConversation, timing: ConversationTiming): ClaimResult {
      const found = entries.get(id);
      if (found !== undefined && found.expiresAt > timing.now) {
        found.expiresAt = timing.now + timing.ttlMs;
        return { conversation: { alias: found.alias, turn: found.turn }, created: false };
      }
      entries.set(id, new Entry(proposal.alias, proposal.turn, timing.now + timing.ttlMs));
      return { conversation: proposal, created: true };
    },
    peek(id: string, now: number): StoredConversation | undefined {
      const found = entries.peek(id);
      return found !== undefined && found.expiresAt > now ? { alias: found.alias, turn: found.turn } : undefined;
    },
    assign(id: string, conversation: StoredConversation, timing: ConversationTiming): void {
      entries.set(id, new Entry(conversation.alias, conversation.turn, timing.now + timing.ttlMs));
    },
    forget(id: string): void {
      entries.delete(id);
    },
  };
}
