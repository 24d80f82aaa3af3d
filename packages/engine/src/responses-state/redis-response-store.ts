import type { Redis } from 'ioredis';
import { parseStoredResponse } from './parse-stored-response';
import type { ResponseStore } from './response-store';

/** Stored responses in Redis, shared by replicas: one JSON value per response, its idle expiry the key's TTL (GETEX restarts it). */
export function createRedisResponseStore(redis: Redis, prefix = 'bench:'): ResponseStore {
  const key = (id: string) => `${prefix}response:${id}`;
  return {
    async get(id, ttlMs) {
      const value = await redis.getex(key(id), 'PX', ttlMs);
      return value === null ? undefined : parseStoredResponse(value);
    },
    async put(id, stored, ttlMs) {
      await redis.set(key(id), JSON.stringify(stored), 'PX', ttlMs);
    },
    async delete(id) {
      await redis.del(key(id));
    },
  };
}
