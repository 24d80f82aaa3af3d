// Counts per request that do not move with the machine's load, for builds side by side:
// `node bench/count-per-request.mjs [OTHER_CHECKOUT…]` (this checkout first; each built). Each build serves in its own
// gateway child (bench/lib/gateway-child.mjs, the build given by BENCH_GATEWAY_DIST as in compare-builds.mjs) with
// bench/lib/count-preload.mjs, in front of the same upstream. After warm-up runs of every load in BENCH_LOADS
// (`route,panel`: a panel after route turns, as a user's process sees it; `panel` alone), each load is sent
// BENCH_COUNT_REQUESTS (3000) requests at 16 connections twice: once counting the async resources created (promises,
// timers, sockets…) a request, once sampling what the main thread allocates (V8's heap sampling, freed objects kept).
// BENCH_COUNT_SITES=1 also counts where each promise, timer and immediate is made; BENCH_COUNT_ALLOCATORS=1 lists the first build's allocations by function. It prints them per request, and the functions whose allocations differ most between the first two builds.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import { startChild, settled } from './lib/child.mjs';

const checkouts = [resolve('.'), ...process.argv.slice(2).map((dir) => resolve(dir))];
const REQUESTS = Number(process.env.BENCH_COUNT_REQUESTS ?? 3000);
const LOADS = (process.env.BENCH_LOADS ?? 'route,panel').split(',');
const SITES = process.env.BENCH_COUNT_SITES === '1';
const TOP = Number(process.env.BENCH_COUNT_TOP ?? 25);
const temp = mkdtempSync(join(tmpdir(), 'bench-count-'));
const messages = [{ role: 'user', content: 'Say hello.' }];
const specs = {
  route: { path: '/v1/chat/completions', body: JSON.stringify({ model: 'bench/agents', messages, max_tokens: 32 }) },
  panel: { path: '/v1/chat/completions', body: JSON.stringify({ model: 'bench/core', messages, max_tokens: 32 }) },
};

const send = async (gateway, spec, options) => {
  const result = await autocannon({
    url: gateway.url + spec.path,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: spec.body,
    connections: 16,
    ...options,
  });
  if (result['2xx'] === 0 || result.non2xx + result.errors > 0)
    throw new Error(`${spec.path}: ${result['2xx']} 2xx, ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result['2xx'];
};
const counted = async (gateway, spec, what, amount = REQUESTS) => {
  await gateway.ask('count-start', what);
  const ok = await send(gateway, spec, { amount });
  await settled(gateway); // the ledger's batches that the run queued belong to its requests
  const { counts, bytes, byFunction, sites } = await gateway.ask('count-stop', what);
  return { counts, bytes, byFunction, sites, ok };
};

const upstream = await startChild('./upstream-child.mjs');
const results = [];
try {
  for (const [i, checkout] of checkouts.entries()) {
    const gateway = await startChild('./gateway-child.mjs', {
      env: {
        BENCH_UPSTREAM: upstream.url,
        BENCH_LEDGER: `sqlite:${join(temp, `l${i}`, 'ledger.db')}`,
        BENCH_LOG: process.env.BENCH_LOG ?? 'silent',
        BENCH_GATEWAY_DIST: join(checkout, 'packages/gateway-node/dist/index.js'),
      },
      quietStdout: true,
      execArgv: ['--import', new URL('./lib/count-preload.mjs', import.meta.url).href],
    });
    try {
      for (const load of LOADS) await send(gateway, specs[load], { duration: 3 }); // warm-up
      const build = { checkout, loads: {} };
      for (const load of LOADS) {
        const resources = await counted(gateway, specs[load], { asyncResources: true });
        const allocations = await counted(gateway, specs[load], { allocations: true });
        // Where each promise is made (a stack per promise: slow, so a tenth of the requests).
        const sited = SITES ? await counted(gateway, specs[load], { asyncResources: true, promiseSites: true }, Math.ceil(REQUESTS / 10)) : undefined;
        build.loads[load] = {
          sites: sited?.sites.map(([site, n]) => [site, n / sited.ok]),
          perRequest: Object.fromEntries(Object.entries(resources.counts).map(([type, n]) => [type, n / resources.ok])),
          bytesPerRequest: allocations.bytes / allocations.ok,
          byFunction: new Map(allocations.byFunction.map(([where, b]) => [where, b / allocations.ok])),
        };
      }
      results.push(build);
    } finally {
      await gateway.stop();
    }
  }
} finally {
  await upstream.stop();
}

for (const load of LOADS) {
  console.log(`\n== ${load} (after ${LOADS.slice(0, LOADS.indexOf(load)).join(', ') || 'its own warm-up only'}), per request, ${REQUESTS} requests ==`);
  const types = [...new Set(results.flatMap((r) => Object.keys(r.loads[load].perRequest)))].sort();
  const rows = {};
  for (const type of types) rows[type] = Object.fromEntries(results.map((r) => [r.checkout, (r.loads[load].perRequest[type] ?? 0).toFixed(2)]));
  rows['sampled KB allocated'] = Object.fromEntries(results.map((r) => [r.checkout, (r.loads[load].bytesPerRequest / 1024).toFixed(2)]));
  console.table(rows);
  for (const r of results.filter((r) => r.loads[load].sites)) {
    console.log(`promises a request by the frame that made them, ${r.checkout}:`);
    for (const [site, n] of r.loads[load].sites.slice(0, TOP)) console.log(`${n.toFixed(2).padStart(7)}  ${site}`);
  }
  if (process.env.BENCH_COUNT_ALLOCATORS === '1') {
    console.log(`allocations by function (bytes a request), ${results[0].checkout}:`);
    const own = [...results[0].loads[load].byFunction].sort((x, y) => y[1] - x[1]);
    for (const [where, bytes] of own.slice(0, TOP)) console.log(`${bytes.toFixed(0).padStart(7)}  ${where}`);
  }
  if (results.length < 2) continue;
  const [a, b] = results.map((r) => r.loads[load].byFunction);
  const diff = [...new Set([...a.keys(), ...b.keys()])].map((where) => [
    where,
    (a.get(where) ?? 0) - (b.get(where) ?? 0),
    a.get(where) ?? 0,
    b.get(where) ?? 0,
  ]);
  diff.sort((x, y) => Math.abs(y[1]) - Math.abs(x[1]));
  console.log(`allocations that differ most (bytes a request, first build − second):`);
  for (const [where, d, x, y] of diff.slice(0, TOP))
    console.log(`${d.toFixed(0).padStart(7)}  ${x.toFixed(0).padStart(6)} ${y.toFixed(0).padStart(6)}  ${where}`);
}
