import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLedger } from '@bench/ledger';
import {
  postgresServerAvailable,
  redisServerAvailable,
  startFakeUpstream,
  startPostgresServer,
  startRedisServer,
  type FakeUpstream,
  type PostgresService,
  type RedisService,
} from '@bench/testkit';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCli, type RunningCli } from './test-support/run-cli';

const servicesHere = redisServerAvailable() && postgresServerAvailable();

describe.skipIf(!servicesHere)('two gateway processes over one redis-server and one PostgreSQL', () => {
  let redis: RedisService;
  let postgres: PostgresService;
  let ledgerURL: string;
  let upstream: FakeUpstream;
  const gateways: RunningCli[] = [];

  beforeAll(async () => {
    [redis, postgres] = await Promise.all([startRedisServer(), startPostgresServer()]);
    ledgerURL = postgres.createDatabase();
    // m1 fails its first call, so the first turn fails over to m2; a replica without the shared
    // conversation would plan the next turn afresh and, the collection being listed, pick m1 again.
    upstream = await startFakeUpstream({
      models: { 'up-1': [{ error: { status: 503 } }, { answer: { text: 'from one' } }], 'up-2': { answer: { text: 'from two' } } },
    });
    const config = {
      ledger: ledgerURL,
      state: redis.url,
      providers: { up: { baseURL: upstream.baseURL('openai-chat'), api: 'openai-chat' } },
      models: {
        m1: { provider: 'up', model: 'up-1', tools: true, vision: false },
        m2: { provider: 'up', model: 'up-2', tools: true, vision: false },
      },
      collections: { agents: { members: ['m1', 'm2'], reply: 'route', order: 'listed', retry: { serverErrorRetries: 0 } } },
    };
    const path = join(mkdtempSync(join(tmpdir(), 'bench-replicas-')), 'bench.jsonc');
    writeFileSync(path, JSON.stringify(config));
    gateways.push(...(await Promise.all([startCli(['--config', path, '--port', '0']), startCli(['--config', path, '--port', '0'])])));
  });

  afterAll(async () => {
    await Promise.all(gateways.map((gateway) => gateway.stop()));
    await upstream?.close();
    redis?.stop();
    postgres?.stop();
  });

  it('keeps a conversation on one member whichever process takes each turn, with every call in the shared ledger', async () => {
    const clients = gateways.map((gateway) => new OpenAI({ baseURL: `${gateway.url}/v1`, apiKey: 'unused', maxRetries: 0 }));
    const messages: OpenAI.ChatCompletionMessageParam[] = [
      { role: 'system', content: 'You are terse.' },
      { role: 'user', content: 'first question' },
    ];
    const seen: Array<{ alias: string; conversation: string; turn: number; call: string }> = [];
    for (const turn of [0, 1, 0, 1]) {
      const reply = await clients[turn]!.chat.completions.create({ model: 'bench/agents', messages });
      const bench = (reply as unknown as { bench: { alias: string; conversation: string; turn: number; call: string } }).bench;
      seen.push(bench);
      messages.push({ role: 'assistant', content: reply.choices[0]!.message.content ?? '' }, { role: 'user', content: `question ${seen.length + 1}` });
    }
    expect(seen.map((bench) => bench.alias)).toEqual(['m2', 'm2', 'm2', 'm2']);
    expect(new Set(seen.map((bench) => bench.conversation)).size).toBe(1);
    expect(seen.map((bench) => bench.turn)).toEqual([1, 2, 3, 4]);
    expect(upstream.requestsFor('up-1')).toHaveLength(1);

    // Both processes flush on SIGTERM; then the shared ledger holds every call and turn.
    await Promise.all(gateways.map((gateway) => gateway.stop()));
    const ledger = await createLedger(ledgerURL);
    try {
      const turns = await ledger.getTurns(seen[0]!.conversation);
      expect(turns.map((turn) => [turn.turn, turn.alias, turn.status])).toEqual([
        [1, 'm2', 'ok'],
        [2, 'm2', 'ok'],
        [3, 'm2', 'ok'],
        [4, 'm2', 'ok'],
      ]);
      expect(turns[0]!.tried.map((tried) => tried.alias)).toEqual(['m1', 'm2']);
      for (const bench of seen) expect(await ledger.getCall(bench.call)).toMatchObject({ alias: 'm2', status: 'ok', purpose: 'route' });
      const stats = await ledger.stats();
      expect(stats.find((row) => row.alias === 'm1')).toMatchObject({ calls: 1, failures: 1 });
      expect(stats.find((row) => row.alias === 'm2')).toMatchObject({ calls: 4, failures: 0 });
    } finally {
      await ledger.close();
    }
  });
});
