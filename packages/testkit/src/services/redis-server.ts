import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from './free-port';

export interface RedisService {
  url: string;
  port: number;
  stop(): void;
}

/** Whether redis-server is installed; when not, says so loudly (CI installs it, so CI never skips). */
export function redisServerAvailable(): boolean {
  const found = spawnSync('redis-server', ['--version']).status === 0;
  if (!found) console.warn('\n!!! redis-server is not installed: tests that need it are SKIPPED here (apt-get install redis-server; CI installs it) !!!\n');
  return found;
}

/** A throwaway redis-server on a free loopback port, without persistence, in a temp folder. */
export async function startRedisServer(): Promise<RedisService> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'bench-redis-'));
  execFileSync('redis-server', [
    '--port',
    String(port),
    '--bind',
    '127.0.0.1',
    '--daemonize',
    'yes',
    '--save',
    '',
    '--appendonly',
    'no',
    '--dir',
    dir,
    '--pidfile',
    join(dir, 'redis.pid'),
  ]);
  for (
    let attempt = 0;
    spawnSync('redis-cli', ['-p', String(port), 'ping'])
      .stdout?.toString()
      .trim() !== 'PONG';
    attempt += 1
  ) {
    if (attempt > 200) throw new Error(`redis-server did not start on port ${port}`);
    await sleep(20);
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    stop() {
      spawnSync('redis-cli', ['-p', String(port), 'shutdown', 'nosave']);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
