import { Redis } from 'ioredis';
import {
  createMemoryConversationStore,
  createMemoryHealthStore,
  createMemoryReasoningStore,
  createRedisConversationStore,
  createRedisHealthStore,
  createRedisReasoningStore,
  type ConversationStore,
  type HealthStore,
  type ReasoningStore,
} from '@bench/router';
import { createMemoryResponseStore } from '../responses-state/memory-response-store';
import { createRedisResponseStore } from '../responses-state/redis-response-store';
import type { ResponseStore } from '../responses-state/response-store';

export interface StateStores {
  conversations: ConversationStore;
  health: HealthStore;
  /** Reasoning kept for callers whose protocol cannot carry it back. */
  reasoning: ReasoningStore;
  /** Responses replies kept for a later `previous_response_id`. */
  responses: ResponseStore;
  /** Readiness: the store answers. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

/** `memory:` (one process) or `redis://…` (several replicas sharing conversations and cooldowns). */
export function openState(url: string): StateStores {
  if (url === 'memory:') {
    return {
      conversations: createMemoryConversationStore(),
      health: createMemoryHealthStore(),
      reasoning: createMemoryReasoningStore(),
      responses: createMemoryResponseStore(),
      ping: async () => true,
      close: async () => undefined,
    };
  }
  if (url.startsWith('redis://') || url.startsWith('rediss://')) {
    const redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2, enableOfflineQueue: true });
    redis.on('error', () => undefined); // reported through ping(); ioredis reconnects by itself
    return {
      conversations: createRedisConversationStore(redis, { prefix: 'bench:' }),
      health: createRedisHealthStore(redis, { prefix: 'bench:' }),
      reasoning: createRedisReasoningStore(redis, { prefix: 'bench:' }),
      responses: createRedisResponseStore(redis, 'bench:'),
      ping: async () => (await redis.ping().catch(() => 'down')) === 'PONG',
      close: async () => {
        await redis.quit().catch(() => redis.disconnect());
      },
    };
  }
  throw new Error(`state: unknown store "${url.split(':')[0]}:…"; use memory: or redis://HOST:PORT`);
}
