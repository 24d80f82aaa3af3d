// Two builds of the gateway side by side: `node bench/compare-builds.mjs OTHER_CHECKOUT` (both built).
// Each build runs in its own child (this checkout's bench/lib/gateway-child.mjs, the other given its build's
// packages/gateway-node/dist through BENCH_GATEWAY_DIST: one config for both) in front of the same upstream; runs of
// BENCH_SECONDS (3) at 16 connections alternate between them, BENCH_PAIRS (8) pairs per load (route JSON, a
// panel of 3), and the table gives each build's median CPU µs per request (the whole process's, and the main
// thread's: the serving thread) and the median of the per-pair ratios (this build / the other). For changes whose cost is a few per cent on a shared, noisy machine.
// BENCH_OTHER_ENV (`NAME=value,NAME=value`) is added to the other build's child: `BENCH_OTHER_ENV=BENCH_METRICS=off
// node bench/compare-builds.mjs .` compares this build with itself, metrics counted against not. BENCH_LOG=default: both with
// the default info access log (stdout to /dev/null), as users run them. BENCH_LOADS (`route,panel`) picks the loads.
// BENCH_SIDE_BY_SIDE=1 runs each pair's two loads at the same time, 8 connections each, instead of one after the
// other: a machine whose other work comes and goes then slows both builds alike.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startChild } from './lib/child.mjs';
import { cannon, median } from './lib/measure.mjs';

const other = process.argv[2];
if (!other) {
  console.error('usage: node bench/compare-builds.mjs OTHER_CHECKOUT');
  process.exit(2);
}
const PAIRS = Number(process.env.BENCH_PAIRS ?? 8);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const LOADS = (process.env.BENCH_LOADS ?? 'route,panel').split(',');
const SIDE_BY_SIDE = process.env.BENCH_SIDE_BY_SIDE === '1';
// BENCH_RATE (requests/s per build): a fixed rate, so that both builds batch alike (CPU per request falls as a
// server gets busier: fewer wake-ups per request), instead of as fast as each goes.
const RATE = process.env.BENCH_RATE ? Number(process.env.BENCH_RATE) : undefined;
const temp = mkdtempSync(join(tmpdir(), 'bench-compare-'));
let ledgers = 0;

const messages = [{ role: 'user', content: 'Say hello.' }];
const loads = {
  route: { path: '/v1/chat/completions', body: JSON.stringify({ model: 'bench/agents', messages, max_tokens: 32 }) },
  panel: { path: '/v1/chat/completions', body: JSON.stringify({ model: 'bench/core', messages, max_tokens: 32 }) },
};

const upstream = await startChild('./upstream-child.mjs');
const otherEnv = Object.fromEntries(
  (process.env.BENCH_OTHER_ENV ?? '')
    .split(',')
    .filter(Boolean)
    .map((pair) => pair.split('=')),
);
const start = (checkout, extraEnv = {}) =>
  startChild('./gateway-child.mjs', {
    env: {
      BENCH_UPSTREAM: upstream.url,
      BENCH_LEDGER: `sqlite:${join(temp, `l${++ledgers}`, 'ledger.db')}`,
      BENCH_LOG: process.env.BENCH_LOG ?? 'silent',
      BENCH_GATEWAY_DIST: resolve(checkout, 'packages/gateway-node/dist/index.js'),
      ...extraEnv,
    },
    quietStdout: true,
  });
const builds = [
  { name: 'this', gateway: await start(resolve('.')) },
  { name: 'other', gateway: await start(other, otherEnv) },
];
const rows = [];
try {
  for (const [load, spec] of Object.entries(loads).filter(([name]) => LOADS.includes(name))) {
    for (const build of builds) await cannon(build.gateway, { ...spec, connections: 16, seconds: SECONDS }); // warm-up
    const cpu = { this: [], other: [] };
    const main = { this: [], other: [] };
    const ratios = [];
    const mainRatios = [];
    for (let pair = 0; pair < PAIRS; pair += 1) {
      const order = pair % 2 === 0 ? builds : [...builds].reverse();
      const run = {};
      if (SIDE_BY_SIDE) {
        const results = await Promise.all(builds.map((build) => cannon(build.gateway, { ...spec, connections: 8, seconds: SECONDS, rate: RATE })));
        builds.forEach((build, i) => (run[build.name] = results[i]));
      } else {
        for (const build of order) run[build.name] = await cannon(build.gateway, { ...spec, connections: 16, seconds: SECONDS, rate: RATE });
      }
      cpu.this.push(run.this.cpuPerRequestUs);
      cpu.other.push(run.other.cpuPerRequestUs);
      ratios.push(run.this.cpuPerRequestUs / run.other.cpuPerRequestUs);
      main.this.push(run.this.mainCpuPerRequestUs);
      main.other.push(run.other.mainCpuPerRequestUs);
      mainRatios.push(run.this.mainCpuPerRequestUs / run.other.mainCpuPerRequestUs);
    }
    rows.push({
      load,
      mode: SIDE_BY_SIDE ? 'side by side' : 'alternating',
      thisUs: median(cpu.this).toFixed(1),
      otherUs: median(cpu.other).toFixed(1),
      ratio: median(ratios).toFixed(3),
      thisMainUs: median(main.this).toFixed(1),
      otherMainUs: median(main.other).toFixed(1),
      mainRatio: median(mainRatios).toFixed(3),
      pairs: PAIRS,
    });
  }
} finally {
  for (const build of builds) await build.gateway.stop();
  await upstream.stop();
}
console.table(rows);
