import type { Redis } from 'ioredis';
import type { SessionStore, StoredSession } from './session-store';

/** Sessions in Redis, shared by replicas: one JSON value per session, expiring with it. */
export function createRedisSessionStore(redis: Redis, prefix = 'bench:'): SessionStore {
  const key = (id: string) => `${prefix}session:${id}`;
  return {
    async get(id) {
      const value = await redis.get(key(id));
      if (value === null) return undefined;
      try {
        const session = JSON.parse(value) as StoredSession;
        return typeof session?.keyName === 'string' && typeof session.csrf === 'string' ? session : undefined;
      } catch {
        return undefined;
      }
    },
    async put(id, session, ttlMs) {
      await redis.set(key(id), JSON.stringify(session), 'PX', ttlMs);
    },
    async delete(id) {
      await redis.del(key(id));
    },
  };
}
