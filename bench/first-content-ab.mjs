// Time to first content, Anthropic in → OpenAI Chat upstream, at one keep-alive connection (as gateway.bench.mjs
// measures it), for this build and each OTHER_CHECKOUT, with the proxy's OpenAI pass-through beside them:
// `node bench/first-content-ab.mjs [OTHER_CHECKOUT…]` (all built). BENCH_ROUNDS (7) rounds, each running every
// target for BENCH_SEQ_SECONDS (1.5) in turn (after BENCH_WARMUP (5) s of load at 8 connections each), in an order that rotates each round; prints each round's medians, then
// the median over rounds and the median per-round ratio to the proxy and to the first other build.
import { mkdtempSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startChild } from './lib/child.mjs';
import { cannon, median, sequential } from './lib/measure.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const SECONDS = Number(process.env.BENCH_SEQ_SECONDS ?? 1.5);
const temp = mkdtempSync(join(tmpdir(), 'bench-first-'));
const messages = [{ role: 'user', content: 'Say hello.' }];
const proxyStream = { path: '/v1/chat/completions', body: JSON.stringify({ model: 'fast', messages, max_tokens: 32, stream: true }) };
const anthropicStream = {
  path: '/v1/messages',
  headers: { 'anthropic-version': '2023-06-01' },
  body: JSON.stringify({ model: 'bench/agents', messages, max_tokens: 32, stream: true }),
};

const upstream = await startChild('./upstream-child.mjs');
const gateway = (checkout, i) =>
  startChild('./gateway-child.mjs', {
    env: {
      BENCH_UPSTREAM: upstream.url,
      BENCH_LEDGER: `sqlite:${join(temp, `l${i}`, 'ledger.db')}`,
      BENCH_LOG: process.env.BENCH_LOG ?? 'default',
      BENCH_GATEWAY_DIST: resolve(checkout, 'packages/gateway-node/dist/index.js'),
    },
    quietStdout: true,
  });
const targets = [{ name: 'proxy', child: await startChild('./proxy-child.mjs', { env: { BENCH_UPSTREAM: upstream.url } }), spec: proxyStream }];
const checkouts = ['.', ...process.argv.slice(2)];
for (const [i, checkout] of checkouts.entries()) {
  targets.push({ name: i === 0 ? 'this' : `other${i}`, child: await gateway(checkout, i), spec: anthropicStream });
}
// Warm-up: the JIT and pools (a gateway keeps getting faster over its first seconds of load).
const WARMUP = Number(process.env.BENCH_WARMUP ?? 5);
for (const t of targets) {
  await cannon(t.child, { ...t.spec, connections: 8, seconds: WARMUP });
  await sequential(t.child.url, t.spec, 1);
}

const rows = [];
for (let round = 0; round < ROUNDS; round += 1) {
  const row = {};
  for (let k = 0; k < targets.length; k += 1) {
    const t = targets[(k + round) % targets.length];
    row[t.name] = (await sequential(t.child.url, t.spec, SECONDS)).firstMs;
  }
  rows.push(row);
  console.log(`round ${round + 1} (load ${loadavg()[0].toFixed(1)}): ${targets.map((t) => `${t.name} ${row[t.name].toFixed(3)}`).join(' ')}`);
}
const f = (n) => n.toFixed(3);
for (const t of targets) {
  const vsProxy = rows.map((r) => r[t.name] / r.proxy);
  const vsOther = targets[2] ? rows.map((r) => r[t.name] / r[targets[2].name]) : [];
  console.log(
    `${t.name}: median ${f(median(rows.map((r) => r[t.name])))} ms; /proxy ${f(median(vsProxy))} (${vsProxy.map(f).join(' ')})` +
      (targets[2] ? `; /${targets[2].name} ${f(median(vsOther))} (${vsOther.map(f).join(' ')})` : ''),
  );
}
for (const t of [...targets, { child: upstream }]) await t.child.stop();
