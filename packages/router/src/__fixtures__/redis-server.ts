import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';

export const redisAvailable = spawnSync('redis-server', ['--version']).status === 0;
if (!redisAvailable) {
  console.warn('\n*** redis-server is not installed: the Redis store tests are SKIPPED (CI installs it) ***\n');
}

export interface RedisServer {
  port: number;
  connect(): Redis;
  stop(): Promise<void>;
}

/** Starts a throwaway redis-server on a free loopback port, no persistence, in a temp dir. */
export async function startRedis(): Promise<RedisServer> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'bench-router-redis-'));
  execFileSync('redis-server', [
    '--port', String(port), '--bind', '127.0.0.1', '--daemonize', 'yes', '--save', '', '--appendonly', 'no',
    '--dir', dir, '--pidfile', join(dir, 'redis.pid'),
  ]);
  for (let attempt = 0; spawnSync('redis-cli', ['-p', String(port), 'ping']).stdout?.toString().trim() !== 'PONG'; attempt += 1) {
    if (attempt > 100) throw new Error(`redis-server did not start on port ${port}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const clients: Redis[] = [];
  const connect = (): Redis => {
    const client = new Redis({ port, host: '127.0.0.1', lazyConnect: false, maxRetriesPerRequest: 1 });
    clients.push(client);
    return client;
  };
  return {
    port,
    connect,
    async stop() {
      await Promise.all(clients.map((client) => client.quit().catch(() => undefined)));
      spawnSync('redis-cli', ['-p', String(port), 'shutdown', 'nosave']);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}
