// `node bench/streams.bench.mjs` (after `pnpm build`): resident memory of the gateway holding N open route streams
// (an upstream piece a second), against a bare Node pass-through proxy under the same load, each in its own child
// process in front of the same raw node:http upstream (a third child), on loopback.
//
// The gateway runs as users run it: its default info-level access log (stdout to /dev/null) and a SQLite ledger on
// disk. Each round starts a fresh child per target, warms it up, reads its idle RSS (after a full GC), opens the
// streams BENCH_STREAMS_BATCH (500) at a time, waits for every one to show its first piece, waits 3 s more and reads
// RSS again (after a full GC): above idle and in total, and the heap, external and array-buffer figures beside it.
// Then, with every stream still held, the CPU a streamed piece costs: the child's CPU (user + system, every thread)
// over BENCH_STREAMS_CPU_SECONDS (10), divided by the pieces the upstream sent in that window (it counts them).
//
// N: BENCH_STREAMS (10,000), at most what one process's open-files limit holds. Over HTTP/1.1 each held stream costs
// the gateway (and the proxy) two sockets, the caller's and the upstream's, so a process whose hard limit is L and
// which already holds F descriptors can hold floor((L - F - 32) / 2) streams: on a machine whose hard limit is 20,000
// that is just under 10,000, and the bench says so and runs that many for both. (Multiplexing the callers' streams
// onto fewer sockets would no longer be the load a caller per stream puts on a gateway.)
//
// Knobs: BENCH_ROUNDS (3), BENCH_STREAMS (10000), BENCH_STREAMS_BATCH (500), BENCH_STREAMS_TARGETS (proxy,gateway),
// BENCH_STREAMS_CPU_SECONDS (10), BENCH_GATEWAY_DIST (another build's gateway-node dist/index.js, as compare-builds.mjs).
import { readdirSync, readFileSync, mkdtempSync, rmSync, existsSync } from 'node:fs';
import { tmpdir, cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { cpuMicros, startChild } from './lib/child.mjs';
import { cannon, median, openStreams, sequential, sleep } from './lib/measure.mjs';

if (!existsSync(new URL('../packages/gateway-node/dist/index.js', import.meta.url))) {
  console.error('streams bench: packages/gateway-node/dist is missing: run `pnpm build` first');
  process.exit(1);
}

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const ASKED = Number(process.env.BENCH_STREAMS ?? 10_000);
const BATCH = Number(process.env.BENCH_STREAMS_BATCH ?? 500);
const TARGETS = (process.env.BENCH_STREAMS_TARGETS ?? 'proxy,gateway').split(',');
const CPU_SECONDS = Number(process.env.BENCH_STREAMS_CPU_SECONDS ?? 10);
const MB = 2 ** 20;

const temp = mkdtempSync(join(tmpdir(), 'bench-streams-'));
let ledgers = 0;
const messages = [{ role: 'user', content: 'Say hello.' }];
const json = (body) => JSON.stringify(body);
const spec = {
  proxy: {
    warm: { path: '/v1/chat/completions', body: json({ model: 'fast', messages, max_tokens: 32 }) },
    stream: { path: '/v1/chat/completions', body: json({ model: 'fast', messages, max_tokens: 32, stream: true }) },
    hold: { path: '/v1/chat/completions', bodyFor: (i) => json({ model: 'hold', messages: [{ role: 'user', content: `stream ${i}` }], stream: true }) },
  },
  gateway: {
    warm: { path: '/v1/chat/completions', body: json({ model: 'bench/agents', messages, max_tokens: 32 }) },
    stream: { path: '/v1/chat/completions', body: json({ model: 'bench/agents', messages, max_tokens: 32, stream: true }) },
    hold: { path: '/v1/chat/completions', bodyFor: (i) => json({ model: 'bench/hold', messages: [{ role: 'user', content: `stream ${i}` }], stream: true }) },
  },
};

const upstream = await startChild('./upstream-child.mjs');
const env = { BENCH_UPSTREAM: upstream.url };
const start = (kind) =>
  kind === 'proxy'
    ? startChild('./proxy-child.mjs', { env })
    : startChild('./gateway-child.mjs', {
        env: { ...env, BENCH_LEDGER: `sqlite:${join(temp, `ledger-${++ledgers}`, 'ledger.db')}`, BENCH_LOG: 'default' },
        quietStdout: true,
      });

const openFiles = (pid) => readdirSync(`/proc/${pid}/fd`).length;
const hardFileLimit = (pid) => {
  const line = readFileSync(`/proc/${pid}/limits`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('Max open files'));
  const hard = line?.trim().split(/\s+/)[4];
  return hard === undefined || hard === 'unlimited' ? Number.POSITIVE_INFINITY : Number(hard);
};

/** Median of three readings after a full GC each. */
async function memory(target) {
  const readings = [];
  for (let i = 0; i < 3; i += 1) {
    readings.push((await target.usage({ gc: true })).memory);
    await sleep(300);
  }
  const pick = (field) => median(readings.map((m) => m[field]));
  return { rss: pick('rss'), heapUsed: pick('heapUsed'), heapTotal: pick('heapTotal'), external: pick('external'), arrayBuffers: pick('arrayBuffers') };
}

/** What one process can hold: two sockets a stream, beside the descriptors it already has (and a margin of 32). */
async function capacity(kind) {
  const target = await start(kind);
  try {
    return Math.floor((hardFileLimit(target.pid) - openFiles(target.pid) - 32) / 2);
  } finally {
    await target.stop();
  }
}
const fits = Math.min(...(await Promise.all(TARGETS.map(capacity))));
const STREAMS = Math.min(ASKED, fits);
const limitNote =
  STREAMS < ASKED
    ? `${STREAMS.toLocaleString('en-US')} streams, not ${ASKED.toLocaleString('en-US')}: each held HTTP/1.1 stream costs a process two sockets (caller and upstream), and this machine's hard open-files limit (${hardFileLimit(process.pid).toLocaleString('en-US')} a process) holds no more beside what a child already has open`
    : `${STREAMS.toLocaleString('en-US')} streams`;

/** The child's CPU (µs, every thread) over CPU_SECONDS, per piece the upstream sent meanwhile (one a second a held stream). */
async function cpuPerPiece(target) {
  const [before, sentBefore] = await Promise.all([target.usage(), upstream.usage()]);
  await sleep(CPU_SECONDS * 1000);
  const [after, sentAfter] = await Promise.all([target.usage(), upstream.usage()]);
  const pieces = sentAfter.pieces - sentBefore.pieces;
  return { pieces, us: pieces > 0 ? (cpuMicros(after) - cpuMicros(before)) / pieces : Number.NaN, load: loadavg()[0] };
}

async function underStreams(kind) {
  const target = await start(kind);
  const s = spec[kind];
  try {
    await cannon(target, { ...s.warm, connections: 16, seconds: 1 });
    await sequential(target.url, s.stream, 0.3);
    const idle = await memory(target);
    const idleFiles = openFiles(target.pid);
    const streams = await openStreams(target.url, s.hold, STREAMS, 60_000, BATCH);
    await sleep(3000);
    const loaded = await memory(target);
    const loadedFiles = openFiles(target.pid);
    const piece = await cpuPerPiece(target);
    const held = streams.held();
    const established = streams.established();
    const failed = streams.failed();
    const failures = streams.failures();
    streams.close();
    return { idle, loaded, idleFiles, loadedFiles, established, held, failed, failures, piece };
  } finally {
    await target.stop();
  }
}

console.log(`streams bench: ${ROUNDS} rounds, ${limitNote}, opened ${BATCH} at a time; ${cpus().length} CPUs, Node ${process.version}`);
const mib = (bytes) => (bytes / MB).toFixed(1);
const describe = (m) =>
  `${m.held}/${STREAMS} streams held (${m.established} showed a first piece, ${m.failed} failed${m.failed > 0 ? `: ${JSON.stringify(m.failures)}` : ''}), ${m.loadedFiles} fds, RSS ${mib(m.loaded.rss)} MiB ` +
  `(+${mib(m.loaded.rss - m.idle.rss)} over idle ${mib(m.idle.rss)}), heap used ${mib(m.loaded.heapUsed)} (+${mib(m.loaded.heapUsed - m.idle.heapUsed)}), ` +
  `V8 holds ${mib(m.loaded.heapTotal)}, external ${mib(m.loaded.external)}, arrayBuffers ${mib(m.loaded.arrayBuffers)}; ` +
  `CPU ${m.piece.us.toFixed(1)} µs a piece (${m.piece.pieces} pieces in ${CPU_SECONDS} s), load ${m.piece.load.toFixed(2)}`;
const rounds = [];
for (let round = 1; round <= ROUNDS; round += 1) {
  const r = {};
  for (const kind of TARGETS) {
    r[kind] = await underStreams(kind);
    console.log(`round ${round}, ${kind}: ${describe(r[kind])}`);
  }
  rounds.push(r);
}

if (TARGETS.includes('proxy') && TARGETS.includes('gateway')) {
  const figure = (name, get) => {
    const pairs = rounds.map((r) => [get(r.gateway), get(r.proxy)]);
    return { name, gateway: median(pairs.map(([g]) => g)), proxy: median(pairs.map(([, p]) => p)), ratio: median(pairs.map(([g, p]) => g / p)) };
  };
  const rows = [
    figure(`RSS above idle, ${STREAMS} streams`, (m) => (m.loaded.rss - m.idle.rss) / MB),
    figure(`RSS in total, ${STREAMS} streams`, (m) => m.loaded.rss / MB),
    figure('(info) idle RSS', (m) => m.idle.rss / MB),
    figure('(info) heap used above idle', (m) => (m.loaded.heapUsed - m.idle.heapUsed) / MB),
    figure('(info) external above idle', (m) => (m.loaded.external - m.idle.external) / MB),
  ];
  const piece = figure('(info) CPU a streamed piece, µs', (m) => m.piece.us);
  const every = rounds.every((r) => r.gateway.held === STREAMS && r.proxy.held === STREAMS);
  console.log('');
  console.log('figure                                   gateway MiB   proxy MiB   ratio');
  for (const row of rows)
    console.log(`${row.name.padEnd(40)} ${row.gateway.toFixed(1).padStart(11)} ${row.proxy.toFixed(1).padStart(11)}   ${row.ratio.toFixed(2)}×`);
  console.log(`${piece.name.padEnd(40)} ${piece.gateway.toFixed(1).padStart(11)} ${piece.proxy.toFixed(1).padStart(11)}   ${piece.ratio.toFixed(2)}×`);
  const [above, total] = rows;
  console.log('');
  console.log(`Medians of ${ROUNDS} rounds; ratio = median of the per-round gateway/proxy ratios. ${limitNote}.`);
  console.log(
    every
      ? `goal: RSS at most 2× the proxy's -> above idle ${above.ratio <= 2 ? 'met' : 'not met'} (${above.ratio.toFixed(2)}×), in total ${total.ratio <= 2 ? 'met' : 'not met'} (${total.ratio.toFixed(2)}×)`
      : 'goal: not judged: not every stream was held open when memory was read, in every round',
  );
}

await upstream.stop();
rmSync(temp, { recursive: true, force: true });
