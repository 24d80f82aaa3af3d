// pnpm bench: planning speed and memory for @bench/router (on the built dist).
//   node --expose-gc bench/plan-bench.mjs
// 1. memory store: a 10-member collection, 100,000 live conversations;
//    median plan time, heap bytes per live conversation; baseline in the same
//    run: sha-256 of the same fingerprint text (the least any router does).
// 2. Redis on loopback (when redis-server is installed): median plan time and
//    the commands / round trips each plan and each settle costs.
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMemoryConversationStore, createRedisConversationStore, createRedisHealthStore, createRouter } from '@bench/router';
import { seededRandom as seeded } from '@bench/testkit';
import { Redis } from 'ioredis';
import { Bench } from 'tinybench';

if (typeof globalThis.gc !== 'function') throw new Error('run with node --expose-gc');
const LIVE = 100_000;

const collection = {
  name: 'agents',
  members: Array.from({ length: 10 }, (_, i) => ({
    alias: `m${i}`,
    contextWindow: 128_000 + i * 1_000,
    maxOutput: 16_000,
    tools: true,
    vision: i % 2 === 0,
    score: i / 10,
  })),
};
const system = [{ type: 'text', text: 'You are a coding agent. '.repeat(250) }]; // ~6 KB, like Claude Code's
const tools = Array.from({ length: 13 }, (_, i) => ({
  name: `tool_${i}`,
  description: 'Does one thing to the workspace and reports back.',
  inputSchema: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
}));

/** Conversation n, at its 3rd turn: first message, two answers, tool use. */
function request(n) {
  return {
    model: 'claude-opus-4-8',
    system,
    messages: [
      { role: 'user', content: [{ type: 'text', text: `task ${n}: ${'fix the failing test in the parser. '.repeat(8)}` }] },
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'Reading the file.' },
          { type: 'tool-call', id: 'c1', name: 'tool_1', arguments: '{"path":"a.ts"}' },
        ],
      },
      { role: 'user', content: [{ type: 'tool-result', callId: 'c1', content: [{ type: 'text', text: 'x'.repeat(2_000) }] }] },
      { role: 'assistant', content: [{ type: 'text', text: 'Found it.' }] },
      { role: 'user', content: [{ type: 'text', text: 'go on' }] },
    ],
    tools,
    maxOutputTokens: 32_000,
    stream: true,
    extra: {},
  };
}

function heap() {
  globalThis.gc();
  globalThis.gc();
  return process.memoryUsage().heapUsed;
}

const us = (ms) => `${(ms * 1000).toFixed(2)} µs`;
const p50 = (task) => task.result.latency.p50;

async function memoryRun() {
  const router = createRouter({
    conversations: createMemoryConversationStore({ maxConversations: 2 * LIVE }),
    random: seeded(1),
  });
  const before = heap();
  for (let n = 0; n < LIVE; n += 1) {
    const plan = await router.plan({ collection, keyName: 'alice', request: request(n) });
    await router.settle(plan, { answered: plan.members[0].alias });
  }
  const perConversation = (heap() - before) / LIVE;

  const requests = Array.from({ length: 1_000 }, (_, i) => request(i * 97));
  let i = 0;
  const fingerprintText = (r) => r.system[0].text + r.messages[0].content[0].text;
  const bench = new Bench({ time: 2_000, warmupTime: 300 });
  bench
    .add('baseline: sha-256 of the fingerprint text', () => {
      createHash('sha256')
        .update(fingerprintText(requests[i++ % requests.length]))
        .digest('base64url');
    })
    .add('plan, conversation under way (100k live)', async () => {
      await router.plan({ collection, keyName: 'alice', request: requests[i++ % requests.length] });
    })
    .add('plan + settle (100k live)', async () => {
      const plan = await router.plan({ collection, keyName: 'alice', request: requests[i++ % requests.length] });
      await router.settle(plan, { answered: plan.members[0].alias });
    });
  await bench.run();
  const [baseline, plan, planSettle] = bench.tasks;
  console.log('memory store, 10 members, %d live conversations', LIVE);
  for (const task of bench.tasks) {
    console.log(`  ${task.name.padEnd(44)} median ${us(p50(task))}  (${(p50(task) / p50(baseline)).toFixed(1)}× baseline)`);
  }
  console.log(`  heap per live conversation: ${perConversation.toFixed(0)} bytes (goal < 300)`);
  console.log(`  plan median goal < 20 µs: ${p50(plan) * 1000 < 20 ? 'met' : 'NOT met'}`);
  return { plan, planSettle };
}

function freePort() {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function redisRun() {
  if (spawnSync('redis-server', ['--version']).status !== 0) {
    console.log('redis-server not installed: Redis figures skipped');
    return;
  }
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'bench-router-bench-'));
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
  while (
    spawnSync('redis-cli', ['-p', String(port), 'ping'])
      .stdout.toString()
      .trim() !== 'PONG'
  );
  const redis = new Redis({ port, host: '127.0.0.1' });
  try {
    let sent = 0;
    const send = redis.sendCommand.bind(redis);
    redis.sendCommand = (command, stream) => {
      sent += 1;
      return send(command, stream);
    };
    const router = createRouter({
      conversations: createRedisConversationStore(redis),
      health: createRedisHealthStore(redis),
      random: seeded(2),
    });
    const requests = Array.from({ length: 1_000 }, (_, i) => request(i));
    for (const r of requests) {
      const plan = await router.plan({ collection, keyName: 'alice', request: r });
      await router.settle(plan, { answered: plan.members[0].alias });
    }
    const ping = async () => {
      await redis.ping();
    };
    let i = 0;
    const bench = new Bench({ time: 2_000, warmupTime: 300 });
    bench.add('baseline: one PING round trip', ping).add('plan over Redis, conversation under way', async () => {
      await router.plan({ collection, keyName: 'alice', request: requests[i++ % requests.length] });
    });
    await bench.run();
    const [baseline] = bench.tasks;
    console.log('Redis on loopback, 1,000 live conversations');
    for (const task of bench.tasks) {
      console.log(`  ${task.name.padEnd(44)} median ${us(p50(task))}  (${(p50(task) / p50(baseline)).toFixed(2)}× PING)`);
    }
    const N = 2_000;
    sent = 0;
    const plans = [];
    for (let n = 0; n < N; n += 1) plans.push(await router.plan({ collection, keyName: 'alice', request: requests[n % requests.length] }));
    const planCommands = sent / N;
    sent = 0;
    for (const plan of plans) await router.settle(plan, { answered: plan.members[0].alias });
    console.log(`  commands sent per plan: ${planCommands.toFixed(3)} (EVALSHA claim; HGETALL of health at most once a second)`);
    console.log(`  commands sent per settle: ${(sent / N).toFixed(3)} (SET + HDEL, sent together: one round trip)`);
  } finally {
    redis.disconnect();
    spawnSync('redis-cli', ['-p', String(port), 'shutdown', 'nosave']);
    rmSync(dir, { recursive: true, force: true });
  }
}

await memoryRun();
await redisRun();
