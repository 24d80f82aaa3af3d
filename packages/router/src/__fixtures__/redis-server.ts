import { redisServerAvailable, startRedisServer } from '@bench/testkit';
import { Redis } from 'ioredis';

export const redisAvailable = redisServerAvailable();

export interface RedisServer {
  port: number;
  connect(): Redis;
  stop(): Promise<void>;
}

/** testkit's throwaway redis-server, with ioredis clients that are closed before it stops. */
export async function startRedis(): Promise<RedisServer> {
  const service = await startRedisServer();
  const clients: Redis[] = [];
  return {
    port: service.port,
    connect() {
      const client = new Redis({ port: service.port, host: '127.0.0.1', lazyConnect: false, maxRetriesPerRequest: 1 });
      clients.push(client);
      return client;
    },
    async stop() {
      await Promise.all(clients.map((client) => client.quit().catch(() => undefined)));
      service.stop();
    },
  };
}
