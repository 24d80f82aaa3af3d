import { SizedLruCache } from '@bench/router';
import type { ResponseStore, StoredResponse } from './response-store';

/** Stored responses in this process: bounded by size (least recently used first out), expiring when idle. */
export function createMemoryResponseStore(options: { maxBytes?: number; now?: () => number } = {}): ResponseStore {
  const now = options.now ?? Date.now;
  const entries = new SizedLruCache<StoredResponse>(options.maxBytes ?? 64 * 1024 * 1024);
  return {
    get: (id, ttlMs) => entries.get(id, now(), ttlMs),
    put: (id, stored, ttlMs) => entries.set(id, stored, JSON.stringify(stored).length * 2, now(), ttlMs),
    delete: (id) => entries.delete(id),
  };
}
