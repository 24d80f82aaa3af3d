import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NeutralRequest } from '@bench/formats';
import { createGateway, type Gateway } from '@bench/gateway-node';
import { lastUserText, startFakeUpstream, type FakeUpstream } from '@bench/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Claude Code as published on npm, pinned in this package's devDependencies (2.0.76: the last line that runs on
// Node 20 from its cli.js); it runs headless against this gateway as its model, with bench's MCP server added.
const CLAUDE = createRequire(import.meta.url).resolve('@anthropic-ai/claude-code/cli.js');
const KEY = 'agent-secret-key-0001';

let upstream: FakeUpstream;
let gateway: Gateway;
let url: string;

const sawToolResult = (request: NeutralRequest | undefined) =>
  (request?.messages ?? []).some((m) => m.role === 'user' && m.content.some((part) => part.type === 'tool-result'));

beforeAll(async () => {
  upstream = await startFakeUpstream({
    // The agent's own model is a scripted member: it calls bench's ask tool, then ends once the tool's result is back.
    defaultAnswer: (model, request) => {
      if (model !== 'up-agent') return { text: `${model} says: ${lastUserText(request).slice(0, 80)} — seven is prime` };
      if (!(request?.tools ?? []).some((tool) => tool.name === 'mcp__bench__ask')) return { text: 'ready' }; // its warm-ups
      if (sawToolResult(request)) return { text: 'The panel agrees: seven is prime.' };
      return { toolCalls: [{ name: 'mcp__bench__ask', arguments: JSON.stringify({ collection: 'core', task: 'Is 7 prime?', reply: 'all' }) }] };
    },
  });
  process.env.BENCH_LOG_LEVEL ??= 'silent'; // the gateway's access log would fill the test's output
  gateway = await createGateway({
    env: { KEY_AGENT: KEY },
    config: {
      ledger: 'memory:',
      state: 'memory:',
      providers: {
        chat: { baseURL: upstream.baseURL('openai-chat'), api: 'openai-chat' },
        anthropic: { baseURL: upstream.baseURL('anthropic'), api: 'anthropic' },
      },
      models: {
        agent: { provider: 'anthropic', model: 'up-agent', tools: true },
        small: { provider: 'chat', model: 'up-small' },
        m1: { provider: 'chat', model: 'up-1' },
        m2: { provider: 'chat', model: 'up-2' },
      },
      collections: {
        agents: { members: ['agent'], reply: 'route' },
        smalls: { members: ['small'], reply: 'route' },
        core: { members: ['m1', 'm2'], reply: 'all' },
      },
      aliases: { 'claude-haiku-*': 'bench/smalls', 'claude-*': 'bench/agents' },
      keys: { agent: { keyEnv: 'KEY_AGENT' } },
    },
  });
  ({ url } = await gateway.listen({ port: 0, host: '127.0.0.1' }));
});
afterAll(async () => {
  await gateway?.close();
  await upstream?.close();
});

function claude(args: string[], cwd: string, home: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const env = {
    PATH: process.env.PATH ?? '',
    HOME: home,
    ANTHROPIC_BASE_URL: url,
    ANTHROPIC_API_KEY: KEY,
    ANTHROPIC_SMALL_FAST_MODEL: 'claude-haiku-4-5',
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    DISABLE_AUTOUPDATER: '1',
    DISABLE_TELEMETRY: '1',
    DISABLE_ERROR_REPORTING: '1',
  };
  const child = spawn(process.execPath, [CLAUDE, ...args], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const killer = setTimeout(() => child.kill('SIGKILL'), 120_000);
  return new Promise((resolve) =>
    child.on('close', (code) => {
      clearTimeout(killer);
      resolve({ code, stdout, stderr });
    }),
  );
}

describe('a real agent: Claude Code, headless, with bench as its model and as its MCP server', () => {
  it("calls ask, gets the panel's answers as the tool result, and ends with its own answer", { timeout: 240_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bench-claude-'));
    const home = join(dir, 'home');
    mkdirSync(home);
    // Added the way Claude Code's docs say.
    const added = await claude(['mcp', 'add', '--transport', 'http', 'bench', `${url}/mcp`, '--header', `Authorization: Bearer ${KEY}`], dir, home);
    expect(added.code, added.stderr).toBe(0);

    const run = await claude(
      ['-p', 'Ask the bench panel whether 7 is prime.', '--allowedTools', 'mcp__bench__ask', '--model', 'claude-sonnet-4-5', '--output-format', 'json'],
      dir,
      home,
    );
    expect(run.code, run.stderr).toBe(0);
    const result = JSON.parse(run.stdout) as { is_error: boolean; result: string; num_turns: number };
    expect(result).toMatchObject({ is_error: false, result: 'The panel agrees: seven is prime.' });

    // The panel's seats were asked the task, and their labelled answers came back to the agent as ask's result.
    expect(upstream.requestsFor('up-1').length).toBe(1);
    expect(upstream.requestsFor('up-2').length).toBe(1);
    // Claude Code hands its model the tool's structured content: every seat's answer with its model and call id.
    const results = upstream
      .requestsFor('up-agent')
      .flatMap((request) => (request.body as { messages: Array<{ content: unknown }> }).messages)
      .flatMap((message) => (Array.isArray(message.content) ? (message.content as Array<{ type: string; content?: unknown }>) : []))
      .filter((part) => part.type === 'tool_result');
    expect(results).toHaveLength(1);
    const answer = JSON.parse(String(results[0]!.content)) as { collection: string; seats: Array<{ model: string; call: string; answer: string }> };
    expect(answer.collection).toBe('core');
    expect(answer.seats.map((seat) => seat.model)).toEqual(['m1', 'm2']);
    for (const seat of answer.seats) {
      expect(seat.call).toMatch(/\.\d$/);
      expect(seat.answer).toContain('seven is prime');
    }
    let calls = '';
    for await (const chunk of gateway.ledger.exportCalls({ format: 'jsonl' })) calls += chunk;
    const seats = calls
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((call) => call.collection === 'core');
    expect(seats.map((call) => call.via)).toEqual(['mcp', 'mcp']);
    expect(seats.map((call) => call.keyName)).toEqual(['agent', 'agent']);
  });
});
