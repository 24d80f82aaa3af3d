import { InvalidRouteInputError } from '../errors/invalid-route-input-error';
import type { HeldReasoning } from '../held-reasoning';
import type { ConversationTiming } from './conversation-store';
import type { ReasoningStore } from './reasoning-store';
import { SizedLruCache } from './sized-lru-cache';

export interface MemoryReasoningStoreOptions {
  /** Most bytes of reasoning kept (text and signatures, roughly); past it the least recently used goes (default 64 MiB). */
  maxBytes?: number;
}

/** Held reasoning in this process: bounded by size (least recently used first out) and expiring when idle. */
export function createMemoryReasoningStore(options: MemoryReasoningStoreOptions = {}): ReasoningStore {
  const maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
  if (!Number.isInteger(maxBytes) || maxBytes < 1) {
    throw new InvalidRouteInputError('maxBytes', `must be a positive integer, got ${String(maxBytes)}`);
  }
  const entries = new SizedLruCache<HeldReasoning>(maxBytes);
  return {
    put(key: string, held: HeldReasoning, timing: ConversationTiming): void {
      entries.set(key, held, sizeOf(held), timing.now, timing.ttlMs);
    },
    get(keys: readonly string[], timing: ConversationTiming): Array<HeldReasoning | undefined> {
      return keys.map((key) => entries.get(key, timing.now, timing.ttlMs));
    },
  };
}

/** Roughly what an entry holds: its strings' lengths and a little per part. */
function sizeOf(held: HeldReasoning): number {
  let bytes = 64;
  for (const id of held.calls) bytes += id.length * 2 + 16;
  for (const part of held.parts) {
    bytes += 32;
    if (part.type === 'reasoning') bytes += (part.text.length + (part.signature?.length ?? 0)) * 2;
  }
  return bytes;
}
