import { Redis } from 'ioredis';
import {
  createMemoryConversationStore,
  createMemoryHealthStore,
  createRedisConversationStore,
  createRedisHealthStore,
  type ConversationStore,
  type HealthStore,
} from '@bench/router';

export interface StateStores {
  conversations: ConversationStore;
  health: HealthStore;
  /** Readiness: the store answers. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

/** `memory:` (one process) or `redis://…` (several replicas sharing conversations and cooldowns). */
export function openState(url: string): StateStores {
  if (url === 'memory:') {
    return { conversations: createMemoryConversationStore(), health: createMemoryHealthStore(), ping: async () => true, close: async () => undefined };
  }
  if (url.startsWith('redis://') || url.startsWith('rediss://')) {
    const redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2, enableOfflineQueue: true });
    redis.on('error', () => undefined); // reported through ping(); ioredis reconnects by itself
    return {
      conversations: createRedisConversationStore(redis, { prefix: 'bench:' }),
      health: createRedisHealthStore(redis, { prefix: 'bench:' }),
      ping: async () => (await redis.ping().catch(() => 'down')) === 'PONG',
      close: async () => {
        await redis.quit().catch(() => redis.disconnect());
      },
    };
  }
  throw new Error(`state: unknown store "${url.split(':')[0]}:…"; use memory: or redis://HOST:PORT`);
}
