// `pnpm bench` (after the packages' own benches): the gateway as users run it (the default config: info access
// log on stdout, here /dev/null as a redirect would take it; SQLite ledger through its worker) against a bare Node
// pass-through proxy, the parsing floor and the parsing floor with a ledger, each in a child process in front of the
// same fast raw-node:http OpenAI Chat upstream (a third child), on loopback. Every figure is measured for each
// target side by side in each round; the table shows medians over the rounds, the median of the per-round ratios
// and each round's ratio.
//
// Needs `pnpm build` first (it runs the packages' dist). Knobs: BENCH_ROUNDS (3), BENCH_SECONDS
// (5 per autocannon run), BENCH_WARMUP (5 s of load per target first), BENCH_STREAMS (1000), BENCH_CPU_PROF=DIR (run the default-config gateway child
// under --cpu-prof, writing its profile to DIR; see bench/lib/summarize-profile.mjs).
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, cpus } from 'node:os';
import { join } from 'node:path';
import { startChild } from './lib/child.mjs';
import { cannon, median, openStreams, sequential, sleep } from './lib/measure.mjs';

for (const dist of ['../packages/gateway-node/dist/index.js', '../packages/client/dist/index.js']) {
  if (!existsSync(new URL(dist, import.meta.url))) {
    console.error(`gateway bench: ${dist.slice(3)} is missing: run \`pnpm build\` first`);
    process.exit(1);
  }
}

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const STREAMS = Number(process.env.BENCH_STREAMS ?? 1000);
const SEQ_SECONDS = Math.max(1, Math.min(3, SECONDS));
const WARMUP = Number(process.env.BENCH_WARMUP ?? 5);
const PROFILE_DIR = process.env.BENCH_CPU_PROF;

const temp = mkdtempSync(join(tmpdir(), 'bench-gateway-'));
let ledgers = 0;
const ledgerUrl = () => `sqlite:${join(temp, `ledger-${++ledgers}`, 'ledger.db')}`;

const messages = [{ role: 'user', content: 'Say hello.' }];
const json = (body) => JSON.stringify(body);
const spec = {
  proxyJson: { path: '/v1/chat/completions', body: json({ model: 'fast', messages, max_tokens: 32 }) },
  routeJson: { path: '/v1/chat/completions', body: json({ model: 'bench/agents', messages, max_tokens: 32 }) },
  panelJson: { path: '/v1/chat/completions', body: json({ model: 'bench/core', messages, max_tokens: 32 }) },
  proxyStream: { path: '/v1/chat/completions', body: json({ model: 'fast', messages, max_tokens: 32, stream: true }) },
  anthropicStream: {
    path: '/v1/messages',
    headers: { 'anthropic-version': '2023-06-01' },
    body: json({ model: 'bench/agents', messages, max_tokens: 32, stream: true }),
  },
  proxyHold: { path: '/v1/chat/completions', bodyFor: (i) => json({ model: 'hold', messages: [{ role: 'user', content: `stream ${i}` }], stream: true }) },
  gatewayHold: {
    path: '/v1/chat/completions',
    bodyFor: (i) => json({ model: 'bench/hold', messages: [{ role: 'user', content: `stream ${i}` }], stream: true }),
  },
};

const upstream = await startChild('./upstream-child.mjs');
const env = { BENCH_UPSTREAM: upstream.url };
const startProxy = () => startChild('./proxy-child.mjs', { env });
const startGateway = (log = 'silent', execArgv = [], extra = {}) =>
  startChild('./gateway-child.mjs', { env: { ...env, BENCH_LEDGER: ledgerUrl(), BENCH_LOG: log, ...extra }, quietStdout: true, execArgv });

const proxy = await startProxy();
// The second baseline: the least a translating gateway must do (see lib/floor-child.mjs).
const floor = await startChild('./floor-child.mjs', { env });
// The same floor recording each request in a SQLite @bench/ledger as the gateway records a route turn.
const floorLedger = await startChild('./floor-child.mjs', { env: { ...env, BENCH_FLOOR_LEDGER: ledgerUrl() } });
// The headline gateway: the default config, as users run it.
const gateway = await startGateway('default', PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`] : []);
// Informational: the same with the access log off (pino at level silent), what the log costs.
const silent = await startGateway('silent');

console.log(`gateway bench: ${ROUNDS} rounds, ${SECONDS} s per autocannon run, ${STREAMS} open streams, ${cpus().length} CPUs, Node ${process.version}`);
console.log(
  `ledger sqlite: in ${temp}; upstream ${upstream.url} (pid ${upstream.pid}); proxy pid ${proxy.pid}; parsing floor pid ${floor.pid}; floor with ledger pid ${floorLedger.pid}; gateway (default config) pid ${gateway.pid}; gateway with the log off pid ${silent.pid}`,
);

// Warm-up: JIT, pools, the ledger's first writes. The gateway's CPU per request keeps falling for its
// first few seconds under load (about 240 µs in the first 3 s, about 135 µs after), so each target is
// loaded for WARMUP seconds before anything is measured.
for (const [target, s] of [
  [proxy, spec.proxyJson],
  [floor, spec.routeJson],
  [floorLedger, spec.routeJson],
  [gateway, spec.routeJson],
  [gateway, spec.panelJson],
  [silent, spec.routeJson],
]) {
  await cannon(target, { ...s, connections: 16, seconds: WARMUP });
}
await sequential(proxy.url, spec.proxyStream, 0.5);
await sequential(gateway.url, spec.anthropicStream, 0.5);

// kind: 'proxy'; 'gateway' (as configured by default: its own client, whose pool has no cap per
// upstream origin); 'gateway-uncapped' (given a client whose undici Agent allows STREAMS + 16
// connections, as a deployment that caps its pool would; every stream still reaches the upstream).
async function memoryUnderStreams(kind) {
  const target =
    kind === 'proxy'
      ? await startProxy()
      : kind === 'gateway'
        ? await startGateway('silent')
        : await startGateway('silent', [], { BENCH_UPSTREAM_CONNECTIONS: String(STREAMS + 16) });
  const warm = kind === 'proxy' ? spec.proxyJson : spec.routeJson;
  const hold = kind === 'proxy' ? spec.proxyHold : spec.gatewayHold;
  try {
    await cannon(target, { ...warm, connections: 16, seconds: 1 });
    await sequential(target.url, kind === 'proxy' ? spec.proxyStream : spec.anthropicStream, 0.3);
    const idle = median(await samples(target));
    // The capped gateway never shows a first piece on the streams past its pool: don't wait out the whole timeout for them.
    const streams = await openStreams(target.url, hold, STREAMS, kind === 'gateway' ? 8_000 : 30_000);
    await sleep(3000);
    const loaded = median(await samples(target));
    const established = streams.established();
    streams.close();
    return { idleRss: idle, loadedRss: loaded, aboveIdle: loaded - idle, established, failed: streams.failed() };
  } finally {
    await target.stop();
  }
}
async function samples(target) {
  const out = [];
  for (let i = 0; i < 3; i += 1) {
    out.push((await target.usage({ gc: true })).rss);
    await sleep(300);
  }
  return out;
}

const rounds = [];
for (let round = 1; round <= ROUNDS; round += 1) {
  const r = {};
  const run = (target, s, connections, others = []) => cannon(target, { ...s, connections, seconds: SECONDS, others });
  r.proxy16 = await run(proxy, spec.proxyJson, 16, [upstream]);
  r.floor16 = await run(floor, spec.routeJson, 16);
  r.floorLedger16 = await run(floorLedger, spec.routeJson, 16);
  r.route16 = await run(gateway, spec.routeJson, 16, [upstream]);
  r.silent16 = await run(silent, spec.routeJson, 16);
  r.panel16 = await run(gateway, spec.panelJson, 16);
  r.proxy64 = await run(proxy, spec.proxyJson, 64);
  r.route64 = await run(gateway, spec.routeJson, 64);
  r.panel64 = await run(gateway, spec.panelJson, 64);
  r.proxyLatency = await sequential(proxy.url, spec.proxyJson, SEQ_SECONDS);
  r.floorLatency = await sequential(floor.url, spec.routeJson, SEQ_SECONDS);
  r.floorLedgerLatency = await sequential(floorLedger.url, spec.routeJson, SEQ_SECONDS);
  r.routeLatency = await sequential(gateway.url, spec.routeJson, SEQ_SECONDS);
  r.panelLatency = await sequential(gateway.url, spec.panelJson, SEQ_SECONDS);
  r.proxyFirst = await sequential(proxy.url, spec.proxyStream, SEQ_SECONDS);
  r.anthropicFirst = await sequential(gateway.url, spec.anthropicStream, SEQ_SECONDS);
  r.proxyMemory = await memoryUnderStreams('proxy');
  r.gatewayMemory = await memoryUnderStreams('gateway');
  r.uncappedMemory = await memoryUnderStreams('gateway-uncapped');
  rounds.push(r);
  const f = (n, d = 0) => n.toFixed(d);
  console.log(
    `round ${round}: rps@16 proxy ${f(r.proxy16.rps)} gw ${f(r.route16.rps)} | rps@64 proxy ${f(r.proxy64.rps)} gw ${f(r.route64.rps)} | ` +
      `cpu/req µs proxy ${f(r.proxy16.cpuPerRequestUs)} floor ${f(r.floor16.cpuPerRequestUs)} floor+ledger ${f(r.floorLedger16.cpuPerRequestUs)} gw ${f(r.route16.cpuPerRequestUs)} gw log off ${f(r.silent16.cpuPerRequestUs)} panel ${f(r.panel16.cpuPerRequestUs)} | ` +
      `p50 ms proxy ${f(r.proxyLatency.medianMs, 3)} gw ${f(r.routeLatency.medianMs, 3)} | first ms proxy ${f(r.proxyFirst.firstMs, 3)} gw ${f(r.anthropicFirst.firstMs, 3)} | ` +
      `streams RSS MB proxy ${f(r.proxyMemory.aboveIdle / 2 ** 20, 1)} (${r.proxyMemory.established}) gw ${f(r.gatewayMemory.aboveIdle / 2 ** 20, 1)} (${r.gatewayMemory.established}) ` +
      `gw-uncapped ${f(r.uncappedMemory.aboveIdle / 2 ** 20, 1)} (${r.uncappedMemory.established})`,
  );
}

const MB = 2 ** 20;
// Goals (issue 27): CPU against the parsing floor with a ledger (the physical limit for CPU), throughput and latency
// against the bare proxy (the limit for those). The gateway is the default config throughout unless a row says not.
const rows = [
  {
    figure: 'route, OpenAI Chat JSON: throughput @16 connections vs the proxy',
    unit: 'req/s',
    get: (r) => [r.route16.rps, r.proxy16.rps],
    goal: 0.6,
    higherIsBetter: true,
  },
  {
    figure: 'route, OpenAI Chat JSON: throughput @64 connections vs the proxy',
    unit: 'req/s',
    get: (r) => [r.route64.rps, r.proxy64.rps],
    goal: 0.6,
    higherIsBetter: true,
  },
  {
    figure: 'route, OpenAI Chat JSON: CPU per request (@16) vs the parsing floor with a ledger',
    unit: 'µs',
    get: (r) => [r.route16.cpuPerRequestUs, r.floorLedger16.cpuPerRequestUs],
    goal: 1.25,
  },
  {
    figure: 'route, OpenAI Chat JSON: median latency @1 connection vs the proxy',
    unit: 'ms',
    get: (r) => [r.routeLatency.medianMs, r.proxyLatency.medianMs],
    goal: 1.5,
    digits: 3,
  },
  {
    figure: "(info) route, OpenAI Chat JSON: the main (serving) thread's CPU per request (@16) vs the floor with a ledger's",
    unit: 'µs',
    get: (r) => [r.route16.mainCpuPerRequestUs, r.floorLedger16.mainCpuPerRequestUs],
    info: true,
  },
  {
    figure: '(info) route, OpenAI Chat JSON: CPU per request (@16) vs the proxy',
    unit: 'µs',
    get: (r) => [r.route16.cpuPerRequestUs, r.proxy16.cpuPerRequestUs],
    info: true,
  },
  {
    figure: 'streamed, Anthropic in → OpenAI upstream: time to first content (proxy: OpenAI pass-through)',
    unit: 'ms',
    get: (r) => [r.anthropicFirst.firstMs, r.proxyFirst.firstMs],
    goal: 1.3,
    digits: 3,
  },
  {
    figure: "panel of 3 seats (all), JSON: CPU per request (@16) vs the proxy's single call",
    unit: 'µs',
    get: (r) => [r.panel16.cpuPerRequestUs, r.proxy16.cpuPerRequestUs],
    goal: 4,
  },
  { figure: '(info) panel of 3: throughput @16 connections vs the proxy', unit: 'req/s', get: (r) => [r.panel16.rps, r.proxy16.rps], info: true },
  { figure: '(info) panel of 3: throughput @64 connections vs the proxy', unit: 'req/s', get: (r) => [r.panel64.rps, r.proxy64.rps], info: true },
  {
    figure: '(info) panel of 3: CPU per request (@16) vs 3× the parsing floor with a ledger (three calls)',
    unit: 'µs',
    get: (r) => [r.panel16.cpuPerRequestUs, 3 * r.floorLedger16.cpuPerRequestUs],
    info: true,
  },
  {
    figure: '(info) panel of 3: median latency @1 connection vs the proxy',
    unit: 'ms',
    get: (r) => [r.panelLatency.medianMs, r.proxyLatency.medianMs],
    digits: 3,
    info: true,
  },
  {
    figure: `${STREAMS} open streams: RSS above idle (the gateway's own client)`,
    unit: 'MB',
    get: (r) => [r.gatewayMemory.aboveIdle / MB, r.proxyMemory.aboveIdle / MB],
    goal: 2,
    digits: 1,
    streams: (r) => r.gatewayMemory.established,
  },
  {
    figure: `${STREAMS} open streams: RSS above idle (a client given an Agent of ${STREAMS + 16} connections)`,
    unit: 'MB',
    get: (r) => [r.uncappedMemory.aboveIdle / MB, r.proxyMemory.aboveIdle / MB],
    goal: 2,
    digits: 1,
    streams: (r) => r.uncappedMemory.established,
  },
  {
    figure: '(info) parsing floor (bench/lib/floor-child.mjs): throughput @16 vs the proxy',
    unit: 'req/s',
    get: (r) => [r.floor16.rps, r.proxy16.rps],
    info: true,
  },
  {
    figure: '(info) parsing floor: CPU per request (@16) vs the proxy',
    unit: 'µs',
    get: (r) => [r.floor16.cpuPerRequestUs, r.proxy16.cpuPerRequestUs],
    info: true,
  },
  {
    figure: '(info) parsing floor: median latency @1 vs the proxy',
    unit: 'ms',
    get: (r) => [r.floorLatency.medianMs, r.proxyLatency.medianMs],
    digits: 3,
    info: true,
  },
  {
    figure: '(info) parsing floor with a SQLite ledger (a call and a turn a request): throughput @16 vs the proxy',
    unit: 'req/s',
    get: (r) => [r.floorLedger16.rps, r.proxy16.rps],
    info: true,
  },
  {
    figure: '(info) parsing floor with a SQLite ledger: CPU per request (@16) vs the proxy',
    unit: 'µs',
    get: (r) => [r.floorLedger16.cpuPerRequestUs, r.proxy16.cpuPerRequestUs],
    info: true,
  },
  {
    figure: '(info) parsing floor with a SQLite ledger: median latency @1 vs the proxy',
    unit: 'ms',
    get: (r) => [r.floorLedgerLatency.medianMs, r.proxyLatency.medianMs],
    digits: 3,
    info: true,
  },
  { figure: '(info) gateway route JSON vs the parsing floor: throughput @16', unit: 'req/s', get: (r) => [r.route16.rps, r.floor16.rps], info: true },
  {
    figure: '(info) gateway route JSON vs the parsing floor: CPU per request (@16)',
    unit: 'µs',
    get: (r) => [r.route16.cpuPerRequestUs, r.floor16.cpuPerRequestUs],
    info: true,
  },
  {
    figure: '(info) gateway with the access log off (pino silent): CPU per request (@16) vs the default config',
    unit: 'µs',
    get: (r) => [r.silent16.cpuPerRequestUs, r.route16.cpuPerRequestUs],
    info: true,
  },
  { figure: '(info) gateway with the access log off: throughput @16 vs the proxy', unit: 'req/s', get: (r) => [r.silent16.rps, r.proxy16.rps], info: true },
  {
    figure: '(info) idle RSS before the streams (after a 1 s warm-up and a full GC)',
    unit: 'MB',
    get: (r) => [r.uncappedMemory.idleRss / MB, r.proxyMemory.idleRss / MB],
    digits: 1,
    info: true,
  },
];

const results = rows.map((row) => {
  const pairs = rounds.map(row.get);
  const value = median(pairs.map(([v]) => v));
  const baseline = median(pairs.map(([, b]) => b));
  const ratio = median(pairs.map(([v, b]) => v / b));
  // A streams figure only counts when every stream reached the upstream and showed its first piece.
  const allStreams = row.streams ? Math.min(...rounds.map(row.streams)) : undefined;
  // RSS can fall below its idle figure (the allocator reuses what the warm-up freed): that says nothing either way.
  const inconclusive = row.unit === 'MB' && row.goal !== undefined && value <= 0;
  const pass =
    row.goal === undefined || inconclusive
      ? undefined
      : (row.higherIsBetter ? ratio >= row.goal : ratio <= row.goal) && (allStreams === undefined || allStreams === STREAMS);
  return {
    figure: row.figure,
    unit: row.unit,
    gateway: value,
    baseline,
    ratio,
    goal: row.goal === undefined ? '—' : `${row.higherIsBetter ? '≥' : '≤'} ${row.goal}×`,
    pass,
    informational: Boolean(row.info),
    ...(allStreams !== undefined ? { streamsEstablished: allStreams } : {}),
    perRound: pairs.map(([v, b]) => ({ gateway: v, baseline: b })),
    digits: row.digits ?? 0,
  };
});

const text = (n, digits) => (Math.abs(n) >= 1000 && digits === 0 ? Math.round(n).toLocaleString('en-US') : n.toFixed(digits));
const table = [['figure', 'value', 'baseline', 'unit', 'ratio', 'per round', 'goal', 'result']].concat(
  results.map((r) => [
    r.figure,
    text(r.gateway, r.digits),
    text(r.baseline, r.digits),
    r.unit,
    `${r.ratio.toFixed(2)}×`,
    r.perRound.map((p) => (p.gateway / p.baseline).toFixed(2)).join(' '),
    r.goal,
    (r.pass === undefined ? (r.goal === '—' ? '—' : 'inconclusive (RSS fell below idle)') : r.pass ? 'pass' : 'FAIL') +
      (r.informational && r.pass !== undefined ? ' (info)' : '') +
      (r.streamsEstablished !== undefined && r.streamsEstablished < STREAMS ? ` (${r.streamsEstablished}/${STREAMS} streams reached upstream)` : ''),
  ]),
);
const widths = table[0].map((_, i) => Math.max(...table.map((row) => row[i].length)));
console.log('');
for (const [i, row] of table.entries()) {
  console.log(row.map((cell, c) => (c === 0 || c === 3 || c >= 6 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join('  '));
  if (i === 0) console.log(widths.map((w) => '-'.repeat(w)).join('  '));
}

const last = rounds.at(-1);
const streamsNote = rounds.map(
  (r) =>
    `proxy ${r.proxyMemory.established}, gateway ${r.gatewayMemory.established}, gateway with the larger pool ${r.uncappedMemory.established} of ${STREAMS}`,
);
console.log('');
console.log(
  `Medians of ${ROUNDS} rounds; ratio = median of the per-round value/baseline ratios. Gateway: the default config (info access log to /dev/null, SQLite ledger in a temp dir through its worker) unless a row says not.`,
);
console.log(`Streams that showed their first piece, per round: ${streamsNote.join('; ')}.`);
console.log(
  `Upstream CPU per request (last round @16): proxy run ${last.proxy16.othersCpuPerRequestUs[0].toFixed(0)} µs, gateway run ${last.route16.othersCpuPerRequestUs[0].toFixed(0)} µs.`,
);
const missed = results.filter((r) => r.pass === false && !r.informational);
console.log(missed.length ? `${missed.length} goal(s) missed: ${missed.map((r) => r.figure).join('; ')}` : 'every goal met');

const out = new URL('./results/', import.meta.url);
mkdirSync(out, { recursive: true });
writeFileSync(
  new URL('gateway-latest.json', out),
  JSON.stringify(
    {
      date: new Date().toISOString(),
      node: process.version,
      cpus: cpus().length,
      rounds: ROUNDS,
      secondsPerRun: SECONDS,
      streams: STREAMS,
      ledger: 'sqlite',
      log: 'default info-level access log, stdout to /dev/null (one info row: pino silent)',
      results: results.map(({ digits, ...r }) => r),
      raw: rounds,
    },
    null,
    2,
  ) + '\n',
);
console.log('written bench/results/gateway-latest.json');

await Promise.all([proxy.stop(), floor.stop(), floorLedger.stop(), gateway.stop(), silent.stop()]);
await upstream.stop();
rmSync(temp, { recursive: true, force: true });
