import type { MaybePromise } from '@bench/contracts';
import { safeParseJSON } from '@bench/formats';
import { SizedLruCache } from '@bench/router';
import type { Redis } from 'ioredis';
import type { TurnShape } from './turn-shape';

/** Shapers' labels by conversation, kept while the conversation is (its idle TTL): a shaper is asked once a conversation. */
export interface ShapeLabelStore {
  get(conversation: string, ttlMs: number): MaybePromise<TurnShape | undefined>;
  set(conversation: string, label: TurnShape, ttlMs: number): MaybePromise<void>;
}

/** One process: a bounded map (4 MiB), least recently used out first. */
export function createMemoryShapeLabels(): ShapeLabelStore {
  const cache = new SizedLruCache<TurnShape>(4 * 1024 * 1024);
  return {
    get: (conversation, ttlMs) => cache.get(conversation, Date.now(), ttlMs),
    set: (conversation, label, ttlMs) => cache.set(conversation, label, 64, Date.now(), ttlMs),
  };
}

/** In Redis, shared by the replicas: one small JSON value per conversation, its idle expiry the key's TTL (GETEX restarts it). */
export function createRedisShapeLabels(redis: Redis, prefix: string): ShapeLabelStore {
  const key = (conversation: string) => `${prefix}shape:${conversation}`;
  return {
    async get(conversation, ttlMs) {
      const value = await redis.getex(key(conversation), 'PX', ttlMs);
      if (value === null) return undefined;
      const parsed = safeParseJSON(value);
      if (!parsed.success) return undefined;
      const label = parsed.value as Partial<TurnShape> | null;
      return typeof label?.shape === 'string' && typeof label.by === 'string' ? { shape: label.shape, by: label.by } : undefined;
    },
    async set(conversation, label, ttlMs) {
      await redis.set(key(conversation), JSON.stringify({ shape: label.shape, by: label.by }), 'PX', ttlMs);
    },
  };
}
