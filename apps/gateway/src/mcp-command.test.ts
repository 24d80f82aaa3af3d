import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createLedger } from '@bench/ledger';
import { startFakeUpstream, type FakeUpstream } from '@bench/testkit';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult, Progress } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configFile } from './test-support/config-file';
import { startCli, type RunningCli } from './test-support/run-cli';

const CLI = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
const KEYS = { alice: 'alice-secret-key-0001', root: 'root-secret-key-0002' };

let upstream: FakeUpstream;
let dir: string;
const clients: Client[] = [];
const running: RunningCli[] = [];

beforeAll(async () => {
  upstream = await startFakeUpstream({ models: { 'up-hang': { hang: true } } });
  dir = mkdtempSync(join(tmpdir(), 'bench-mcp-'));
});
afterAll(async () => {
  await Promise.all(clients.map((client) => client.close().catch(() => undefined)));
  await Promise.all(running.map((cli) => cli.stop()));
  await upstream.close();
});

function config(ledger: string) {
  const provider = { baseURL: upstream.baseURL('openai-chat'), api: 'openai-chat' };
  return configFile({
    ledger,
    server: { bodyLimitBytes: 2_000_000 },
    providers: { chat: provider },
    models: {
      m1: { provider: 'chat', model: 'up-1' },
      m2: { provider: 'chat', model: 'up-2' },
      m3: { provider: 'chat', model: 'up-3' },
      hang: { provider: 'chat', model: 'up-hang' },
    },
    collections: {
      core: { members: ['m1', 'm2'], reply: 'all', description: 'everyday questions' },
      council: { members: ['m1', 'm2'], merger: 'm3', reply: 'merged' },
      stuck: { members: ['hang'], reply: 'all' },
    },
    keys: { alice: { keyEnv: 'KEY_ALICE', collections: ['core'] }, root: { keyEnv: 'KEY_ROOT' } },
  });
}

/** The official client spawning `bench-gateway mcp …` on stdio, as an agent's client does. */
async function stdioClient(args: string[], key: string): Promise<Client> {
  const client = new Client({ name: 'bench-test', version: '1.0.0' });
  const env = { PATH: process.env.PATH ?? '', BENCH_KEY: key, KEY_ALICE: KEYS.alice, KEY_ROOT: KEYS.root };
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [CLI, 'mcp', ...args], env, stderr: 'ignore' }));
  clients.push(client);
  return client;
}

const call = (client: Client, name: string, args: Record<string, unknown>, options?: Parameters<Client['callTool']>[2]) =>
  client.callTool({ name, arguments: args }, undefined, options) as Promise<CallToolResult>;
const text = (result: CallToolResult) => result.content.map((part) => (part.type === 'text' ? part.text : '')).join('');

type JsonRpcMessage = { id?: number; method?: string; params?: { progress?: number; progressToken?: unknown }; result?: unknown };

/** `bench-gateway mcp …` spoken to by hand: one `ask` with a progress token, and every message it writes, in order, up to the result. */
async function askOnTheWire(args: string[], key: string, request: Record<string, unknown>): Promise<JsonRpcMessage[]> {
  const env = { PATH: process.env.PATH ?? '', BENCH_KEY: key, KEY_ALICE: KEYS.alice, KEY_ROOT: KEYS.root };
  const child = spawn(process.execPath, [CLI, 'mcp', ...args], { env, stdio: ['pipe', 'pipe', 'ignore'] });
  const send = (message: Record<string, unknown>) => child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);
  const messages: JsonRpcMessage[] = [];
  let buffered = '';
  try {
    return await new Promise<JsonRpcMessage[]>((resolve, reject) => {
      child.once('exit', (code) => reject(new Error(`bench-gateway mcp exited (${code}) before the result`)));
      child.stdout.on('data', (chunk: Buffer) => {
        buffered += chunk.toString();
        for (let newline = buffered.indexOf('\n'); newline >= 0; newline = buffered.indexOf('\n')) {
          const message = JSON.parse(buffered.slice(0, newline)) as JsonRpcMessage;
          buffered = buffered.slice(newline + 1);
          messages.push(message);
          if (message.id === 1) {
            send({ method: 'notifications/initialized' });
            send({ id: 2, method: 'tools/call', params: { name: 'ask', arguments: request, _meta: { progressToken: 'steps' } } });
          }
          if (message.id === 2) resolve(messages);
        }
      });
      send({ id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'by-hand', version: '1' } } });
    });
  } finally {
    child.kill();
  }
}

/** Both ways of serving stdio: the engine in the spawned process, and a running gateway behind it. */
const modes: Array<[string, () => Promise<{ args: string[]; ledger: string }>]> = [
  [
    '--config (in-process)',
    async () => {
      const ledger = join(dir, 'in-process.db');
      return { args: ['--config', config(`sqlite:${ledger}`)], ledger };
    },
  ],
  [
    '--url (a running gateway)',
    async () => {
      const ledger = join(dir, 'gateway.db');
      const cli = await startCli(['--config', config(`sqlite:${ledger}`), '--port', '0'], { KEY_ALICE: KEYS.alice, KEY_ROOT: KEYS.root });
      running.push(cli);
      return { args: ['--url', cli.url], ledger };
    },
  ],
];

describe.each(modes)('bench-gateway mcp %s', (_name, serve) => {
  let args: string[];
  let ledger: string;
  let root: Client;
  beforeAll(async () => {
    ({ args, ledger } = await serve());
    root = await stdioClient(args, KEYS.root);
  });

  it('lists the tools, and asks a panel for every answer and for a merged one, with progress', async () => {
    expect((await root.listTools()).tools.map((tool) => tool.name).sort()).toEqual(['ask', 'collections', 'records', 'verdict']);
    const progress: Progress[] = [];
    const all = await call(root, 'ask', { collection: 'core', task: 'two colours', reply: 'all' }, { onprogress: (p) => progress.push(p) });
    expect(all.isError).toBeFalsy();
    const seats = (all.structuredContent as { seats: Array<{ model: string; call: string; answer: string }> }).seats;
    expect(seats.map((seat) => seat.model).sort()).toEqual(['m1', 'm2']);
    for (const seat of seats) expect(text(all)).toContain(`## ${seat.model} (call ${seat.call}, ok)`);
    // What the official client hands on: in order, from seated (0). Its last step can still be dropped by the client
    // itself when it reads it in one chunk with the result (modelcontextprotocol/typescript-sdk#2580); that every step
    // is written before the result is pinned on the wire, below.
    const steps = progress.map((p) => p.progress);
    expect(steps[0]).toBe(0);
    expect(steps).toEqual([...steps].sort((x, y) => x - y));
    expect(Math.max(...steps)).toBeLessThanOrEqual(2);
    const merged = await call(root, 'ask', { collection: 'council', task: 'one colour', reply: 'merged' });
    expect((merged.structuredContent as { merged: { model: string } }).merged.model).toBe('m3');
    const verdict = await call(root, 'verdict', { call: seats[0]!.call, useful: true });
    expect(verdict.structuredContent).toMatchObject({ call: seats[0]!.call, useful: true });
  });

  it('writes every progress step, in order, before the result: seated, then each seat', async () => {
    const messages = await askOnTheWire(args, KEYS.root, { collection: 'core', task: 'three steps', reply: 'all' });
    const steps = messages.filter((message) => message.method === 'notifications/progress');
    expect(steps.map((step) => [step.params?.progressToken, step.params?.progress])).toEqual([
      ['steps', 0],
      ['steps', 1],
      ['steps', 2],
    ]);
    expect(messages.at(-1)).toMatchObject({ id: 2, result: { content: [{ type: 'text' }] } });
  });

  it('cancellation aborts the seats', async () => {
    const controller = new AbortController();
    const asked = call(root, 'ask', { collection: 'stuck', task: 'wait' }, { signal: controller.signal, onprogress: () => controller.abort() });
    await expect(asked).rejects.toThrow(/abort/i);
  });

  it('a key sees and calls only its collections; bad input is a tool error with the reason', async () => {
    const alice = await stdioClient(args, KEYS.alice);
    const listed = await call(alice, 'collections', {});
    expect((listed.structuredContent as { collections: Array<{ name: string }> }).collections.map((c) => c.name)).toEqual(['core']);
    const refused = await call(alice, 'ask', { collection: 'council', task: 'hi' });
    expect(refused.isError).toBe(true);
    expect(text(refused)).toBe('collection: this key may not call "council"; this key may call core');
    const unknown = await call(alice, 'ask', { collection: 'nope', task: 'hi' });
    expect(text(unknown)).toMatch(/^collection: unknown collection "nope"/);
    const empty = await call(alice, 'ask', { collection: 'core', task: '' });
    expect(text(empty)).toBe('task: empty; say what the panel should do');
    const oversized = await call(alice, 'ask', { collection: 'core', task: 'x'.repeat(2_100_000) });
    expect(oversized.isError).toBe(true);
    expect(text(oversized)).toMatch(/^task: 2100000 bytes together, more than the gateway takes/);
    const noTool = await call(alice, 'summon', {});
    expect(noTool.isError).toBe(true);
    expect(text(noTool)).toMatch(/summon not found/);
  });

  it("every call it made is in the ledger, via mcp, under the caller's key; the cancelled seat as aborted", async () => {
    await root.close();
    // The in-process engine writes its ledger at close; the gateway's is read while it runs.
    let calls: Array<Record<string, unknown>> = [];
    for (let i = 0; i < 100; i++) {
      const read = await createLedger(`sqlite:${ledger}`);
      let exported = '';
      for await (const chunk of read.exportCalls({ format: 'jsonl' })) exported += chunk;
      await read.close();
      calls = exported
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      if (calls.some((c) => c.collection === 'stuck') && calls.length >= 6) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(calls.length).toBeGreaterThanOrEqual(6); // core: 2 seats, council: 2 seats and the merger, stuck: 1
    for (const recorded of calls) expect(recorded).toMatchObject({ via: 'mcp', keyName: 'root' });
    expect(calls.find((c) => c.collection === 'stuck')!.status).toBe('aborted');
  });
});
