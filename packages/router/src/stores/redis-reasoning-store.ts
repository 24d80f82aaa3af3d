import type { Redis } from 'ioredis';
import type { HeldReasoning } from '../held-reasoning';
import type { ConversationTiming } from './conversation-store';
import type { ReasoningStore } from './reasoning-store';

export interface RedisReasoningStoreOptions {
  /** Key prefix (default `bench:router:`). */
  prefix?: string;
}

/**
 * Held reasoning in Redis, shared by every replica: one JSON value per key,
 * idle expiry as its TTL (GETEX restarts it on a read; Redis 6.2 or later).
 * The caller owns the connection.
 */
export function createRedisReasoningStore(redis: Redis, options: RedisReasoningStoreOptions = {}): ReasoningStore {
  const prefix = `${options.prefix ?? 'bench:router:'}reasoning:`;
  return {
    async put(key: string, held: HeldReasoning, timing: ConversationTiming): Promise<void> {
      await redis.set(prefix + key, JSON.stringify(held), 'PX', timing.ttlMs);
    },
    async get(keys: readonly string[], timing: ConversationTiming): Promise<Array<HeldReasoning | undefined>> {
      if (keys.length === 0) return [];
      const pipeline = redis.pipeline();
      for (const key of keys) pipeline.getex(prefix + key, 'PX', timing.ttlMs);
      const replies = (await pipeline.exec()) ?? [];
      return keys.map((_, i) => {
        const [error, value] = replies[i] ?? [];
        if (error) throw error;
        return typeof value === 'string' ? parseHeld(value) : undefined;
      });
    },
  };
}

/** A stored value, or undefined when it is not one (written by something else): never a throw. */
function parseHeld(text: string): HeldReasoning | undefined {
  try {
    const value = JSON.parse(text) as HeldReasoning;
    return Array.isArray(value?.calls) && Array.isArray(value.parts) ? value : undefined;
  } catch {
    return undefined;
  }
}
