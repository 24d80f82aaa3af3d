// `node bench/count-per-piece.mjs [OTHER_CHECKOUT…]` (after `pnpm build`): counts a streamed piece costs the gateway
// that a loaded machine does not move. Each build (this one first) serves BENCH_COUNT_STREAMS (500) held route
// streams (OpenAI Chat in, an OpenAI Chat upstream sending a piece a second) in its own gateway child, preloaded with
// bench/lib/count-preload.mjs; over BENCH_COUNT_SECONDS (10) it counts the async resources made (promises, timers,
// immediates…), the collections, and the bytes the main thread allocated (V8's heap sampling), each divided by the
// pieces the upstream sent meanwhile. BENCH_COUNT_PROTOCOL=anthropic: Anthropic callers (`/v1/messages`), a stream
// translated from the OpenAI Chat upstream.
import { fileURLToPath } from 'node:url';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startChild } from './lib/child.mjs';
import { openStreams, sleep } from './lib/measure.mjs';

const STREAMS = Number(process.env.BENCH_COUNT_STREAMS ?? 500);
const SECONDS = Number(process.env.BENCH_COUNT_SECONDS ?? 10);
const here = fileURLToPath(new URL('..', import.meta.url));
const builds = [here, ...process.argv.slice(2).map((dir) => resolve(dir))];
const preload = fileURLToPath(new URL('./lib/count-preload.mjs', import.meta.url));
const anthropic = process.env.BENCH_COUNT_PROTOCOL === 'anthropic';
const hold = {
  path: anthropic ? '/v1/messages' : '/v1/chat/completions',
  bodyFor: (i) =>
    JSON.stringify({ model: 'bench/hold', messages: [{ role: 'user', content: `stream ${i}` }], stream: true, ...(anthropic ? { max_tokens: 1024 } : {}) }),
  headers: anthropic ? { 'anthropic-version': '2023-06-01' } : {},
};

const temp = mkdtempSync(join(tmpdir(), 'bench-count-piece-'));
const upstream = await startChild('./upstream-child.mjs');
for (const [i, build] of builds.entries()) {
  const env = {
    BENCH_UPSTREAM: upstream.url,
    BENCH_LEDGER: `sqlite:${join(temp, `l${i}`, 'ledger.db')}`,
    BENCH_LOG: 'default',
    BENCH_GATEWAY_DIST: `${build}/packages/gateway-node/dist/index.js`,
  };
  const target = await startChild('./gateway-child.mjs', { env, quietStdout: true, execArgv: ['--import', preload] });
  const streams = await openStreams(target.url, hold, STREAMS, 60_000, 500);
  await sleep(3000);
  await target.ask('count-start', { asyncResources: true, allocations: true });
  const before = (await upstream.usage()).pieces;
  await sleep(SECONDS * 1000);
  const after = (await upstream.usage()).pieces;
  const counted = await target.ask('count-stop', { allocations: true });
  const pieces = after - before;
  const per = Object.entries(counted.counts)
    .filter(([kind]) => !kind.endsWith(' ms'))
    .map(([kind, n]) => `${kind} ${(n / pieces).toFixed(2)}`)
    .join(', ');
  console.log(
    `${build}: ${streams.held()}/${STREAMS} held, ${pieces} pieces; a piece: ${per}; ${(counted.bytes / pieces).toFixed(0)} bytes allocated (sampled)`,
  );
  for (const [site, bytes] of counted.byFunction.slice(0, 12)) console.log(`  ${(bytes / pieces).toFixed(0).padStart(6)} B  ${site}`);
  streams.close();
  await target.stop();
}
await upstream.stop();
rmSync(temp, { recursive: true, force: true });
