import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { configFile } from './test-support/config-file';

const CLI = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
/** More than Node's default backlog (511) can hold. */
const CONNECTIONS = 1_000;
/** The kernel caps a listen backlog at net.core.somaxconn. */
const SOMAXCONN = Number(readFileSync('/proc/sys/net/core/somaxconn', 'utf8').trim());

const sockets: Socket[] = [];
afterAll(() => {
  for (const socket of sockets) socket.destroy();
});

/** Resolves true when the kernel completes the handshake (the connection waits in the listen queue), false after 3 s. */
function handshake(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1' });
    sockets.push(socket);
    const timer = setTimeout(() => resolve(false), 3_000);
    socket.once('connect', () => {
      clearTimeout(timer);
      resolve(true);
    });
    socket.once('error', () => {
      clearTimeout(timer);
      resolve(false);
    });
  });
}

describe('the listen backlog', () => {
  it('holds a thousand connections that arrive while the gateway cannot accept them', async () => {
    const config = configFile({
      ledger: 'memory:',
      providers: { up: { baseURL: 'http://127.0.0.1:9/v1', api: 'openai-chat' } }, // never called
      models: { a: { provider: 'up', model: 'up-a' } },
    });
    const child = spawn(process.execPath, [CLI, '--config', config, '--port', '0'], {
      env: { PATH: process.env.PATH, HOME: process.env.HOME },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      let out = '';
      child.stdout.setEncoding('utf8');
      const port = await new Promise<number>((resolve, reject) => {
        child.stdout.on('data', (chunk: string) => {
          out += chunk;
          const found = /bench gateway listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(out);
          if (found) resolve(Number(found[1]));
        });
        child.once('exit', (code) => reject(new Error(`bench-gateway exited with ${code} before it was ready`)));
      });
      // Stopped, it accepts nothing: every connection that completes waits in the kernel's queue for it.
      child.kill('SIGSTOP');
      const completed = (await Promise.all(Array.from({ length: CONNECTIONS }, () => handshake(port)))).filter(Boolean).length;
      expect(completed).toBeGreaterThanOrEqual(Math.min(CONNECTIONS, SOMAXCONN));
    } finally {
      child.kill('SIGCONT');
      child.kill('SIGTERM');
    }
  }, 30_000);
});
