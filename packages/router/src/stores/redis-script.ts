import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';

export type ScriptRunner = (keys: readonly string[], args: ReadonlyArray<string | number>) => Promise<unknown>;

/** A Lua script run by EVALSHA (one round trip), loaded with EVAL the first time Redis does not know it. */
export function redisScript(redis: Redis, source: string): ScriptRunner {
  const sha = createHash('sha1').update(source).digest('hex');
  return async (keys, args) => {
    try {
      return await redis.evalsha(sha, keys.length, ...keys, ...args);
    } catch (error) {
      if (!(error instanceof Error) || !error.message.startsWith('NOSCRIPT')) throw error;
      return redis.eval(source, keys.length, ...keys, ...args);
    }
  };
}
