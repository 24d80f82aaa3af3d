import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createLedger } from '@bench/ledger';
import { startFakeUpstream, type FakeUpstream } from '@bench/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configFile } from './test-support/config-file';

const CLI = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
const REQUESTS = 40;
/**
 * The access log and the ledger write in batches off the serving thread, each at most 50 ms after a line or a record
 * came: a crash may lose the last 100 ms. After the last reply the test waits that, and as much again for a loaded
 * machine's scheduling, before it kills the process.
 */
const CRASH_WINDOW_MS = 200;

let upstream: FakeUpstream;
beforeAll(async () => {
  upstream = await startFakeUpstream({ models: { 'up-a': { answer: { text: 'a answers' } } } });
});
afterAll(() => upstream.close());

/** The CLI with its stdout in a file (as a user's redirect), a SQLite ledger on disk, the default info access log. */
async function startGateway() {
  const dir = mkdtempSync(join(tmpdir(), 'bench-durability-'));
  const ledger = join(dir, 'ledger.db');
  const log = join(dir, 'stdout.log');
  const config = configFile({
    ledger: `sqlite:${ledger}`,
    providers: { up: { baseURL: upstream.baseURL('openai-chat'), api: 'openai-chat' } },
    models: { a: { provider: 'up', model: 'up-a' } },
    collections: { agents: { members: ['a'], reply: 'route' } },
  });
  const out = openSync(log, 'w');
  const child = spawn(process.execPath, [CLI, '--config', config, '--port', '0'], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME },
    stdio: ['ignore', out, 'pipe'],
  });
  closeSync(out);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  let url: string | undefined;
  for (let i = 0; i < 300 && url === undefined; i += 1) {
    if (child.exitCode !== null) throw new Error(`bench-gateway exited with ${child.exitCode} before it was ready`);
    url = /bench gateway listening on (http:\/\/\S+)/.exec(readFileSync(log, 'utf8'))?.[1];
    if (url === undefined) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  if (url === undefined) throw new Error('bench-gateway printed no ready line within 15 s');
  return { url, child, exited, ledger, log };
}

async function serve(url: string): Promise<string[]> {
  const calls: string[] = [];
  for (let i = 0; i < REQUESTS; i += 1) {
    const res = await fetch(`${url}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'bench/agents', messages: [{ role: 'user', content: `question ${i}` }] }),
    });
    expect(res.status).toBe(200);
    calls.push(((await res.json()) as { bench: { call: string } }).bench.call);
  }
  return calls;
}

const requestLines = (log: string) =>
  readFileSync(log, 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('{') && (JSON.parse(line) as { msg?: string }).msg === 'request');

async function storedCalls(path: string): Promise<string[]> {
  const ledger = await createLedger(`sqlite:${path}`);
  try {
    const page = await ledger.calls({ limit: 100 });
    return page.calls.map((call) => call.id);
  } finally {
    await ledger.close();
  }
}

describe('what the access log and the ledger keep when the process ends', () => {
  it('a clean shutdown (SIGTERM right after the last reply) keeps every access line and every call', async () => {
    const gateway = await startGateway();
    const calls = await serve(gateway.url);
    gateway.child.kill('SIGTERM');
    expect(await gateway.exited).toEqual({ code: 0, signal: null });
    expect(requestLines(gateway.log)).toHaveLength(REQUESTS);
    expect((await storedCalls(gateway.ledger)).sort()).toEqual([...calls].sort());
  });

  it('a crash (SIGKILL) loses nothing older than the last 100 ms', async () => {
    const gateway = await startGateway();
    const calls = await serve(gateway.url);
    await new Promise((resolve) => setTimeout(resolve, CRASH_WINDOW_MS));
    gateway.child.kill('SIGKILL');
    expect((await gateway.exited).signal).toBe('SIGKILL');
    expect(requestLines(gateway.log)).toHaveLength(REQUESTS);
    expect((await storedCalls(gateway.ledger)).sort()).toEqual([...calls].sort());
  });
});
