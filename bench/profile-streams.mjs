// `node bench/profile-streams.mjs [N=2000] [seconds=40]` (after `pnpm build`): the gateway (as the streams bench runs
// it: info access log, SQLite ledger) under --cpu-prof while it holds N open route streams (an upstream piece a
// second) for `seconds` after they opened, then the profile summarised (bench/lib/summarize-profile.mjs): where a
// streamed piece's CPU goes. BENCH_STREAMS_TARGET=proxy profiles the bare proxy instead; BENCH_GATEWAY_DIST another build.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { cpuMicros, startChild } from './lib/child.mjs';
import { openStreams, sleep } from './lib/measure.mjs';
import { threadProfiles } from './lib/thread-profiles.mjs';

const N = Number(process.argv[2] ?? 2000);
const SECONDS = Number(process.argv[3] ?? 40);
const TARGET = process.env.BENCH_STREAMS_TARGET ?? 'gateway';
const dir = mkdtempSync(join(tmpdir(), 'bench-profile-streams-'));
const hold = {
  path: '/v1/chat/completions',
  bodyFor: (i) => JSON.stringify({ model: TARGET === 'proxy' ? 'hold' : 'bench/hold', messages: [{ role: 'user', content: `stream ${i}` }], stream: true }),
};

const upstream = await startChild('./upstream-child.mjs');
const env = { BENCH_UPSTREAM: upstream.url, BENCH_LEDGER: `sqlite:${join(dir, 'ledger.db')}`, BENCH_LOG: 'default' };
const child = TARGET === 'proxy' ? './proxy-child.mjs' : './gateway-child.mjs';
const target = await startChild(child, { env, quietStdout: true, execArgv: ['--cpu-prof', `--cpu-prof-dir=${dir}`] });
const streams = await openStreams(target.url, hold, N, 60_000, 500);
const [before, sentBefore] = await Promise.all([target.usage(), upstream.usage()]);
await sleep(SECONDS * 1000);
const [after, sentAfter] = await Promise.all([target.usage(), upstream.usage()]);
const pieces = sentAfter.pieces - sentBefore.pieces;
console.log(
  `${TARGET}: ${streams.held()}/${N} streams held; ${((cpuMicros(after) - cpuMicros(before)) / pieces).toFixed(1)} µs CPU a piece over ${pieces} pieces in ${SECONDS} s (the profile also holds the streams' opening)`,
);
streams.close();
await target.stop();
await upstream.stop();
const summarize = fileURLToPath(new URL('./lib/summarize-profile.mjs', import.meta.url));
for (const { path, label } of threadProfiles(dir)) {
  console.log(`\n=== ${label} ===`);
  console.log(execFileSync(process.execPath, [summarize, path, '40'], { encoding: 'utf8' }));
}
