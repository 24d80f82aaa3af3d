import { InvalidRouteInputError } from '../errors/invalid-route-input-error';
import type { HeldReasoning } from '../held-reasoning';
import type { ConversationTiming } from './conversation-store';
import type { ReasoningStore } from './reasoning-store';

export interface MemoryReasoningStoreOptions {
  /** Most bytes of reasoning kept (text and signatures, roughly); past it the least recently used goes (default 64 MiB). */
  maxBytes?: number;
}

interface Entry {
  held: HeldReasoning;
  bytes: number;
  expiresAt: number;
}

/** Held reasoning in this process: bounded by size (least recently used first out) and expiring when idle. */
export function createMemoryReasoningStore(options: MemoryReasoningStoreOptions = {}): ReasoningStore {
  const maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
  if (!Number.isInteger(maxBytes) || maxBytes < 1) {
    throw new InvalidRouteInputError('maxBytes', `must be a positive integer, got ${String(maxBytes)}`);
  }
  const entries = new Map<string, Entry>(); // insertion order = least recently used first
  let total = 0;

  const remove = (key: string, entry: Entry) => {
    entries.delete(key);
    total -= entry.bytes;
  };

  return {
    put(key: string, held: HeldReasoning, timing: ConversationTiming): void {
      const old = entries.get(key);
      if (old) remove(key, old);
      const entry = { held, bytes: sizeOf(held), expiresAt: timing.now + timing.ttlMs };
      if (entry.bytes > maxBytes) return;
      entries.set(key, entry);
      total += entry.bytes;
      for (const [oldest, value] of entries) {
        if (total <= maxBytes) break;
        remove(oldest, value);
      }
    },
    get(keys: readonly string[], timing: ConversationTiming): Array<HeldReasoning | undefined> {
      return keys.map((key) => {
        const entry = entries.get(key);
        if (entry === undefined) return undefined;
        entries.delete(key);
        if (entry.expiresAt <= timing.now) {
          total -= entry.bytes;
          return undefined;
        }
        entry.expiresAt = timing.now + timing.ttlMs;
        entries.set(key, entry);
        return entry.held;
      });
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
