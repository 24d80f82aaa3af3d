// `node bench/stream-heap.mjs` (after `pnpm build`): heap snapshots of the gateway (as the streams bench runs it)
// holding BENCH_STREAMS_A (1,000) and then BENCH_STREAMS_B (2,000) open route streams, and what one stream holds:
// the census of B beyond A, per stream (bench/lib/heap-census.mjs). Snapshots are written to BENCH_SNAPSHOT_DIR (a
// temp dir) and kept. BENCH_STREAMS_TARGET=proxy looks at the bare proxy instead.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startChild } from './lib/child.mjs';
import { openStreams, sleep } from './lib/measure.mjs';

const A = Number(process.env.BENCH_STREAMS_A ?? 1000);
const B = Number(process.env.BENCH_STREAMS_B ?? 2000);
const TARGET = process.env.BENCH_STREAMS_TARGET ?? 'gateway';
const dir = process.env.BENCH_SNAPSHOT_DIR ?? mkdtempSync(join(tmpdir(), 'bench-stream-heap-'));
const hold = {
  path: '/v1/chat/completions',
  bodyFor: (i) => JSON.stringify({ model: TARGET === 'proxy' ? 'hold' : 'bench/hold', messages: [{ role: 'user', content: `stream ${i}` }], stream: true }),
};

const upstream = await startChild('./upstream-child.mjs');
const env = { BENCH_UPSTREAM: upstream.url, BENCH_LEDGER: `sqlite:${join(dir, 'ledger.db')}`, BENCH_LOG: 'default' };
const target = await startChild(TARGET === 'proxy' ? './proxy-child.mjs' : './gateway-child.mjs', { env, quietStdout: true });
const first = await openStreams(target.url, hold, A, 60_000, 500);
await sleep(3000);
const a = await target.snapshot(join(dir, `${A}.heapsnapshot`));
const more = await openStreams(target.url, hold, B - A, 60_000, 500);
await sleep(3000);
const b = await target.snapshot(join(dir, `${B}.heapsnapshot`));
console.log(`${TARGET}: held ${first.held()} + ${more.held()} streams (${first.failed() + more.failed()} failed); snapshots in ${dir}`);
first.close();
more.close();
await target.stop();
await upstream.stop();
const census = fileURLToPath(new URL('./lib/heap-census.mjs', import.meta.url));
console.log(execFileSync(process.execPath, ['--max-old-space-size=4096', census, a, b, String(B - A)], { encoding: 'utf8' }));
