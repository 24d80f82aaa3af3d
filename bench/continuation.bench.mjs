// `node bench/continuation.bench.mjs` (after `pnpm build`): what mid-stream recovery costs a stream that needs none.
// One long-streaming OpenAI Chat upstream; the gateway streams a route of two members to an Anthropic caller,
// with recovery on (the default) and off ("continue": false) on the same build, and on each build BENCH_BASELINES names
// (`label=/path/to/packages/gateway-node/dist/index.js`, comma-separated: scratch worktrees of commits before recovery).
// Per round and target: the median time to first content over BENCH_SEQ_SECONDS of sequential streams, and the
// gateway's CPU per streamed event over a BENCH_SECONDS autocannon run at 8 connections. The table: medians over
// BENCH_ROUNDS rounds, and the median of the per-round ratios to "continue": false.
import { mkdtempSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startChild } from './lib/child.mjs';
import { cannon, median, sequential } from './lib/measure.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const SEQ_SECONDS = Number(process.env.BENCH_SEQ_SECONDS ?? 2);
const PIECES = Number(process.env.BENCH_PIECES ?? 100);
const BASELINES = (process.env.BENCH_BASELINES ?? '')
  .split(',')
  .filter(Boolean)
  .map((entry) => entry.split('='));

const temp = mkdtempSync(join(tmpdir(), 'bench-continuation-'));
let ledgers = 0;
const upstream = await startChild('./long-upstream-child.mjs', { env: { BENCH_PIECES: String(PIECES) } });
const gatewayEnv = (extra = {}) => ({ BENCH_UPSTREAM: upstream.url, BENCH_LEDGER: `sqlite:${join(temp, `ledger-${++ledgers}`, 'ledger.db')}`, ...extra });
const current = await startChild('./continuation-gateway-child.mjs', { env: gatewayEnv(), quietStdout: true });
const baselines = [];
for (const [label, dist] of BASELINES) {
  baselines.push({
    label,
    child: await startChild('./continuation-gateway-child.mjs', {
      env: gatewayEnv({ BENCH_GATEWAY_DIST: dist, BENCH_NO_CONTINUE_FIELD: '1' }),
      quietStdout: true,
    }),
  });
}

const streamOf = (collection) => ({
  path: '/v1/messages',
  headers: { 'anthropic-version': '2023-06-01' },
  body: JSON.stringify({ model: `bench/${collection}`, max_tokens: 1024, stream: true, messages: [{ role: 'user', content: 'Say a hundred words.' }] }),
});
const targets = [
  { name: 'recovery on (default)', child: current, spec: streamOf('on') },
  { name: 'recovery off ("continue": false)', child: current, spec: streamOf('off') },
  ...baselines.map(({ label, child }) => ({ name: `build ${label}`, child, spec: streamOf('on') })),
];

const CUT_AFTER = Number(process.env.BENCH_CUT_AFTER ?? 10);
/** Sequential streams for `seconds`: the median ms between the caller's last piece before the cut and its first new one. */
async function gapAfterCut(url, spec, seconds) {
  const [before, after] = [`word${CUT_AFTER - 2}"`, `word${CUT_AFTER - 1}"`];
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const gaps = [];
  const until = Date.now() + seconds * 1000;
  try {
    while (Date.now() < until) {
      gaps.push(
        await new Promise((resolve, reject) => {
          let seen = '';
          let lastOld;
          let firstNew;
          const req = request(url + spec.path, { method: 'POST', agent, headers: { 'content-type': 'application/json', ...spec.headers } }, (res) => {
            res.setEncoding('utf8');
            res.on('data', (text) => {
              seen += text;
              const now = performance.now();
              if (lastOld === undefined && seen.includes(before)) lastOld = now;
              if (firstNew === undefined && seen.includes(after)) firstNew = now;
            });
            res.on('end', () =>
              lastOld !== undefined && firstNew !== undefined ? resolve(firstNew - lastOld) : reject(new Error(`no continuation seen: ${seen.slice(-300)}`)),
            );
          });
          req.on('error', reject);
          req.end(spec.body);
        }),
      );
    }
  } finally {
    agent.destroy();
  }
  return median(gaps);
}

for (const target of targets) {
  await cannon(target.child, { ...target.spec, connections: 8, seconds: 3 });
  await sequential(target.child.url, target.spec, 1);
}

console.log(
  `continuation bench: ${ROUNDS} rounds, ${PIECES} pieces a stream, ${SECONDS} s load, ${SEQ_SECONDS} s sequential; targets: ${targets.map((t) => t.name).join(', ')}`,
);
const rounds = [];
for (let round = 1; round <= ROUNDS; round += 1) {
  const r = {};
  // The order turns each round, so that no target always runs right after the same one.
  const order = targets.map((_, i) => targets[(i + round) % targets.length]);
  // The extra time a cut costs the caller: from its last piece before the cut to its first new piece (and the same two pieces uncut).
  r.gapCut = await gapAfterCut(current.url, streamOf('cut'), SEQ_SECONDS);
  r.gapUncut = await gapAfterCut(current.url, streamOf('on'), SEQ_SECONDS);
  for (const target of order) {
    const load = await cannon(target.child, { ...target.spec, connections: 8, seconds: SECONDS });
    const first = await sequential(target.child.url, target.spec, SEQ_SECONDS);
    r[target.name] = { cpuPerEventUs: load.cpuPerRequestUs / PIECES, firstMs: first.firstMs, rps: load.rps };
  }
  rounds.push(r);
  console.log(
    `round ${round}: gap at the cut ${r.gapCut.toFixed(3)} ms (uncut ${r.gapUncut.toFixed(3)} ms) | ` +
      targets.map((t) => `${t.name}: first ${r[t.name].firstMs.toFixed(3)} ms, cpu/event ${r[t.name].cpuPerEventUs.toFixed(2)} µs`).join(' | '),
  );
}

const base = targets[1].name;
console.log('\nfigure | target | median | ratio to "continue": false (median of per-round ratios)');
for (const [figure, key, unit] of [
  ['time to first content', 'firstMs', 'ms'],
  ['CPU per streamed event', 'cpuPerEventUs', 'µs'],
]) {
  for (const target of targets) {
    const value = median(rounds.map((r) => r[target.name][key]));
    const ratio = median(rounds.map((r) => r[target.name][key] / r[base][key]));
    console.log(`${figure} | ${target.name} | ${value.toFixed(3)} ${unit} | ${ratio.toFixed(3)}×`);
  }
}

console.log(
  `extra time to the first new piece after a cut after ${CUT_AFTER} pieces (m2 asked again, its repeat dropped): ${median(rounds.map((r) => r.gapCut)).toFixed(3)} ms (the same two pieces uncut: ${median(rounds.map((r) => r.gapUncut)).toFixed(3)} ms)`,
);
// Recovery on against every other target, round by round.
const on = targets[0].name;
for (const target of targets.slice(1)) {
  const ratio = (key) => median(rounds.map((r) => r[on][key] / r[target.name][key])).toFixed(3);
  console.log(`recovery on / ${target.name}: time to first content ${ratio('firstMs')}×, CPU per streamed event ${ratio('cpuPerEventUs')}×`);
}

for (const target of [current, ...baselines.map((b) => b.child), upstream]) await target.stop();
