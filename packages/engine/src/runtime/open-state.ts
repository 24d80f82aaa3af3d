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
import { createMemoryLimitStore } from '../limits/memory-limit-store';
import { createRedisLimitStore } from '../limits/redis-limit-store';
import type { LimitStore } from '../limits/limit-store';
import { createMemoryResponseStore } from '../responses-state/memory-response-store';
import { createRedisResponseStore } from '../responses-state/redis-response-store';
import type { ResponseStore } from '../responses-state/response-store';
import { createMemoryShapeLabels, createRedisShapeLabels, type ShapeLabelStore } from '../shapes/shape-label-store';
import { memoryRecordsChannel, redisRecordsChannel, type RecordsChannel } from './records-channel';
import { createMemorySessionStore } from '../sessions/memory-session-store';
import { createRedisSessionStore } from '../sessions/redis-session-store';
import type { SessionStore } from '../sessions/session-store';

/** How long a Redis command may take before it fails. */
const REDIS_COMMAND_TIMEOUT_MS = 2_000;

export interface StateStores {
  conversations: ConversationStore;
  health: HealthStore;
  /** Provider keys' cooldowns (key pools), apart from the members': `<provider>:<variable>`. */
  keyHealth: HealthStore;
  /** Reasoning kept for callers whose protocol cannot carry it back. */
  reasoning: ReasoningStore;
  /** Responses replies kept for a later `previous_response_id`. */
  responses: ResponseStore;
  /** Keys' and collections' rpm, tpm and budget counters. */
  limits: LimitStore;
  /** Whether what it holds outlives the process (Redis does; memory does not). */
  durable: boolean;
  /** Shapers' labels by conversation, so that any replica takes a conversation's next turn with its shape. */
  labels: ShapeLabelStore;
  /** Tells the other replicas that the records changed (a verdict), and hears them say so. */
  records: RecordsChannel;
  /** Dashboard sessions. */
  sessions: SessionStore;
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
      keyHealth: createMemoryHealthStore(),
      reasoning: createMemoryReasoningStore(),
      responses: createMemoryResponseStore(),
      limits: createMemoryLimitStore(),
      durable: false,
      labels: createMemoryShapeLabels(),
      records: memoryRecordsChannel(),
      sessions: createMemorySessionStore(),
      ping: async () => true,
      close: async () => undefined,
    };
  }
  if (url.startsWith('redis://') || url.startsWith('rediss://')) {
    // A command unanswered for 2 s fails (a Redis hung or unreachable must not hold the turns that read it: they are
    // planned without it); while it is down, commands are queued for at most two reconnects.
    const redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2, enableOfflineQueue: true, commandTimeout: REDIS_COMMAND_TIMEOUT_MS });
    redis.on('error', () => undefined); // reported through ping(); ioredis reconnects by itself
    const records = redisRecordsChannel(redis, 'bench:');
    return {
      conversations: createRedisConversationStore(redis, { prefix: 'bench:' }),
      health: createRedisHealthStore(redis, { prefix: 'bench:' }),
      keyHealth: createRedisHealthStore(redis, { prefix: 'bench:keys:' }),
      reasoning: createRedisReasoningStore(redis, { prefix: 'bench:' }),
      responses: createRedisResponseStore(redis, 'bench:'),
      limits: createRedisLimitStore(redis, 'bench:'),
      durable: true,
      labels: createRedisShapeLabels(redis, 'bench:'),
      records,
      sessions: createRedisSessionStore(redis, 'bench:'),
      ping: async () => (await redis.ping().catch(() => 'down')) === 'PONG',
      close: async () => {
        await records.close();
        await redis.quit().catch(() => redis.disconnect());
      },
    };
  }
  throw new Error(`state: unknown store "${url.split(':')[0]}:…"; use memory: or redis://HOST:PORT`);
}
