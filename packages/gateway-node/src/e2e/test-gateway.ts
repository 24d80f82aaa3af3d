import { startFakeUpstream, type Behaviour, type FakeUpstream } from '@bench/testkit';
import type { Protocol } from '@bench/formats';
import type { Ledger } from '@bench/ledger';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll } from 'vitest';
import { createGateway, type Gateway } from '../http/create-gateway';
import { sdksFor, type Sdks } from './sdk-clients';

export interface TestGateway {
  url: string;
  gateway: Gateway;
  upstream: FakeUpstream;
  /** The gateway's log lines, parsed (every level from info up; empty unless `captureLog`). */
  logLines: Array<Record<string, unknown>>;
  /** The config file, with `configText` (in a temp folder removed at close). */
  configPath?: string;
  close(): Promise<void>;
}

export interface TestGatewayOptions {
  /** Scripts per upstream model id. */
  scripts?: Record<string, Behaviour | Behaviour[]>;
  /** Extra config, merged over the default one. */
  config?: (base: Record<string, any>) => Record<string, any>;
  env?: NodeJS.ProcessEnv;
  /** Capture the gateway's pino output into `logLines`. */
  captureLog?: boolean;
  /** Start from a config file with this text (given the config object): the config routes and reloads work on it. */
  configText?: (config: Record<string, any>) => string;
  /** The dashboard's files (a temporary folder in tests). */
  dashboardDir?: string;
  /** `false`: the gateway counts no metrics. */
  metrics?: boolean;
  /** A ledger to use instead of opening the config's (the gateway closes it). */
  ledger?: Ledger;
}

/**
 * A real gateway on a loopback port in front of a real testkit upstream, with
 * one provider per protocol and models m1…m5 (m1–m3 OpenAI Chat, m4 Anthropic,
 * m5 Gemini), collections `core` (panel), `agents` (route) and `mixed` (route
 * across protocols).
 */
export async function startTestGateway(options: TestGatewayOptions = {}): Promise<TestGateway> {
  const upstream = await startFakeUpstream({ models: options.scripts ?? {} });
  const provider = (api: Protocol) => ({ baseURL: upstream.baseURL(api), api, apiKeyEnv: 'UPSTREAM_KEY' });
  const fast = { firstTokenMs: 2000, idleMs: 2000, totalMs: 10000, graceMs: 1000 };
  const base: Record<string, any> = {
    ledger: 'memory:',
    state: 'memory:',
    server: { keepAliveMs: 200, shutdownGraceMs: 500 },
    providers: {
      chat: provider('openai-chat'),
      responses: provider('openai-responses'),
      anthropic: provider('anthropic'),
      gemini: provider('gemini'),
      ollama: provider('ollama'),
    },
    models: {
      m1: { provider: 'chat', model: 'up-1', contextWindow: 100000, maxOutput: 4000, tools: true, vision: true, price: { input: 1, output: 2 } },
      m2: { provider: 'chat', model: 'up-2', contextWindow: 100000, maxOutput: 4000, tools: true, vision: true },
      m3: { provider: 'chat', model: 'up-3', contextWindow: 100000, maxOutput: 4000, tools: true, vision: false },
      m4: { provider: 'anthropic', model: 'up-4', contextWindow: 100000, maxOutput: 4000, tools: true, vision: true },
      m5: { provider: 'gemini', model: 'up-5', contextWindow: 100000, maxOutput: 4000, tools: true, vision: true },
    },
    collections: {
      core: { members: ['m1', 'm2', 'm3'], description: 'everyday questions', reply: 'all', timeouts: fast },
      agents: { members: ['m1', 'm2', 'm3'], reply: 'route', order: 'listed', timeouts: fast },
      mixed: { members: ['m4', 'm5', 'm1'], reply: 'route', order: 'listed', timeouts: fast },
    },
    aliases: { 'claude-*': 'bench/agents:route', 'gpt-5.4-nano': 'm1' },
    defaults: { timeouts: fast },
  };
  const config = options.config ? options.config(base) : base;
  const logLines: Array<Record<string, unknown>> = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) logLines.push(JSON.parse(line) as Record<string, unknown>);
      callback();
    },
  });
  const logger = options.captureLog
    ? pino({ level: 'info', base: undefined, messageKey: 'msg' }, sink)
    : pino({ level: process.env.BENCH_TEST_LOG ?? 'silent' });
  const configPath = options.configText ? join(mkdtempSync(join(tmpdir(), 'bench-config-')), 'bench.jsonc') : undefined;
  const text = options.configText?.(config);
  if (configPath && text !== undefined) writeFileSync(configPath, text);
  const gateway = await createGateway({
    config,
    ...(configPath && text !== undefined ? { configFile: { path: configPath, text } } : {}),
    env: { UPSTREAM_KEY: 'upstream-secret', ...options.env },
    logger,
    ...(options.dashboardDir !== undefined ? { dashboardDir: options.dashboardDir } : {}),
    ...(options.metrics === false ? { metrics: false } : {}),
    ...(options.ledger ? { ledger: options.ledger } : {}),
  });
  const { url } = await gateway.listen({ port: 0, host: '127.0.0.1' });
  return {
    url,
    gateway,
    upstream,
    logLines,
    ...(configPath ? { configPath } : {}),
    async close() {
      await gateway.close();
      await upstream.close();
      if (configPath) rmSync(dirname(configPath), { recursive: true, force: true });
    },
  };
}

/**
 * A test file's gateway, started before its tests and closed after them;
 * `t()` and `sdks()` are usable inside tests.
 */
export function useTestGateway(options: TestGatewayOptions = {}): { t: () => TestGateway; sdks: () => Sdks } {
  let gateway: TestGateway | undefined;
  let clients: Sdks | undefined;
  beforeAll(async () => {
    gateway = await startTestGateway(options);
    clients = sdksFor(gateway.url);
  });
  afterAll(() => gateway?.close());
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the test gateway is not started (call useTestGateway at the top of the file)');
    return value;
  };
  return { t: () => started(gateway), sdks: () => started(clients) };
}
