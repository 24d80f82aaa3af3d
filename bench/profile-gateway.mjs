// Profiles the gateway child under one load: `node bench/profile-gateway.mjs [route|distinct|panel|anthropic|logged|proxy|floor|floor-ledger] [seconds=8]`.
// Starts the fast upstream and a gateway child under --cpu-prof (sqlite ledger, silent log unless
// "logged"), warms it, runs autocannon at 16 connections, then prints the profile summary.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { startChild } from './lib/child.mjs';
import { cannon } from './lib/measure.mjs';
import { threadProfiles } from './lib/thread-profiles.mjs';

const [scenario = 'route', seconds = '8'] = process.argv.slice(2);
const dir = mkdtempSync(join(tmpdir(), 'bench-prof-'));
const messages = [{ role: 'user', content: 'Say hello.' }];
const specs = {
  proxy: { path: '/v1/chat/completions', body: JSON.stringify({ model: 'fast', messages, max_tokens: 32 }) },
  'floor-ledger': { path: '/v1/chat/completions', body: JSON.stringify({ model: 'bench/agents', messages, max_tokens: 32 }) },
  floor: { path: '/v1/chat/completions', body: JSON.stringify({ model: 'bench/agents', messages, max_tokens: 32 }) },
  // One conversation per request (autocannon otherwise sends one body, so every request is turn N of one conversation).
  distinct: {
    path: '/v1/chat/completions',
    bodyFor: (n) => JSON.stringify({ model: 'bench/agents', messages: [{ role: 'user', content: `Say hello ${n}.` }], max_tokens: 32 }),
  },
  route: { path: '/v1/chat/completions', body: JSON.stringify({ model: 'bench/agents', messages, max_tokens: 32 }) },
  logged: { path: '/v1/chat/completions', body: JSON.stringify({ model: 'bench/agents', messages, max_tokens: 32 }) },
  panel: { path: '/v1/chat/completions', body: JSON.stringify({ model: 'bench/core', messages, max_tokens: 32 }) },
  anthropic: {
    path: '/v1/messages',
    headers: { 'anthropic-version': '2023-06-01' },
    body: JSON.stringify({ model: 'bench/agents', messages, max_tokens: 32, stream: true }),
  },
};
const spec = specs[scenario];
const upstream = await startChild('./upstream-child.mjs');
const profiled = { quietStdout: true, execArgv: ['--cpu-prof', `--cpu-prof-dir=${dir}`] };
// "proxy" profiles the bare pass-through proxy under the same load, "floor" the parsing floor (see lib/floor-child.mjs), for comparison.
const baselines = { proxy: './proxy-child.mjs', floor: './floor-child.mjs', 'floor-ledger': './floor-child.mjs' };
const baselineEnv = { BENCH_UPSTREAM: upstream.url };
if (scenario === 'floor-ledger') baselineEnv.BENCH_FLOOR_LEDGER = `sqlite:${join(dir, 'ledger.db')}`;
const gateway = baselines[scenario]
  ? await startChild(baselines[scenario], { ...profiled, env: baselineEnv })
  : await startChild('./gateway-child.mjs', {
      env: { BENCH_UPSTREAM: upstream.url, BENCH_LEDGER: `sqlite:${join(dir, 'ledger.db')}`, BENCH_LOG: scenario === 'logged' ? 'default' : 'silent' },
      quietStdout: true,
      execArgv: ['--cpu-prof', `--cpu-prof-dir=${dir}`],
    });
await cannon(gateway, { ...spec, connections: 16, seconds: 5 }); // past the first seconds, while the JIT still works
const result = await cannon(gateway, { ...spec, connections: 16, seconds: Number(seconds) });
console.log(`${scenario}: ${result.rps.toFixed(0)} req/s, ${result.cpuPerRequestUs.toFixed(0)} µs CPU per request`);
await gateway.stop();
await upstream.stop();
for (const { path, label } of threadProfiles(dir)) {
  console.log(`\n=== ${label} ===`);
  console.log(execFileSync(process.execPath, [new URL('./lib/summarize-profile.mjs', import.meta.url).pathname, path, '40'], { encoding: 'utf8' }));
  console.log(`profile: ${path}`);
}
