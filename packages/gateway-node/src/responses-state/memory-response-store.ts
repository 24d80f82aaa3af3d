import type { ResponseStore, StoredResponse } from './response-store';

interface Entry {
  stored: StoredResponse;
  bytes: number;
  expiresAt: number;
}

/** Stored responses in this process: bounded by size (least recently used first out), expiring when idle. */
export function createMemoryResponseStore(options: { maxBytes?: number; now?: () => number } = {}): ResponseStore {
  const maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>(); // insertion order = least recently used first
  let total = 0;
  const remove = (id: string, entry: Entry) => {
    entries.delete(id);
    total -= entry.bytes;
  };
  return {
    get(id, ttlMs) {
      const entry = entries.get(id);
      if (entry === undefined) return undefined;
      remove(id, entry);
      if (entry.expiresAt <= now()) return undefined;
      entry.expiresAt = now() + ttlMs;
      entries.set(id, entry);
      total += entry.bytes;
      return entry.stored;
    },
    put(id, stored, ttlMs) {
      const old = entries.get(id);
      if (old) remove(id, old);
      const bytes = JSON.stringify(stored).length * 2;
      if (bytes > maxBytes) return;
      entries.set(id, { stored, bytes, expiresAt: now() + ttlMs });
      total += bytes;
      for (const [oldest, entry] of entries) {
        if (total <= maxBytes) break;
        remove(oldest, entry);
      }
    },
  };
}
