// `node bench/soak.mjs` (after `pnpm build`): is the gateway's memory flat under a long mix of traffic?
// The gateway child as users run it (info access log to /dev/null, SQLite ledger on disk) in front of the bench
// upstream; BENCH_SOAK_CONNECTIONS (16) callers loop over a mix — route and panel, streamed and not, every caller
// protocol, and a route and a panel whose first member fails every 4th call (500s, streams cut part way, so
// failover and mid-stream recovery run) — for BENCH_SOAK_SECONDS (600). The gateway's RSS and heap are read after
// a full GC every BENCH_SOAK_SAMPLE_SECONDS (15). Goal: no growth beyond 5% after the first minute.
import { mkdtempSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startChild } from './lib/child.mjs';
import { median, sleep } from './lib/measure.mjs';

const SECONDS = Number(process.env.BENCH_SOAK_SECONDS ?? 600);
const CONNECTIONS = Number(process.env.BENCH_SOAK_CONNECTIONS ?? 16);
const SAMPLE_SECONDS = Number(process.env.BENCH_SOAK_SAMPLE_SECONDS ?? 15);
const WARM_SECONDS = Math.min(60, SECONDS / 2);
// Responses callers' `store` (the API's default is true: each reply is kept, in the SQLite ledger's file,
// for a later previous_response_id); BENCH_SOAK_STORE=false asks as Codex does, keeping nothing.
const STORE = process.env.BENCH_SOAK_STORE !== 'false';

const ask = 'Say hello.';
const chat = (model, stream) => ({ path: '/v1/chat/completions', body: { model, messages: [{ role: 'user', content: ask }], max_tokens: 32, stream } });
const responses = (model, stream) => ({ path: '/v1/responses', body: { model, input: ask, max_output_tokens: 32, stream, store: STORE } });
const anthropic = (model, stream) => ({ path: '/v1/messages', body: { model, messages: [{ role: 'user', content: ask }], max_tokens: 32, stream } });
const gemini = (model, stream) => ({
  path: `/v1beta/models/${encodeURIComponent(model)}:${stream ? 'streamGenerateContent?alt=sse' : 'generateContent'}`,
  body: { contents: [{ role: 'user', parts: [{ text: ask }] }] },
});
const ollama = (model, stream) => ({ path: '/api/chat', body: { model, messages: [{ role: 'user', content: ask }], stream } });
const PROTOCOLS = { chat, responses, anthropic, gemini, ollama };
const TARGETS = ['bench/agents', 'bench/core', 'bench/flakyRoute', 'bench/flakyPanel'];

/** Every protocol × target × streamed or not, in a fixed rotation. */
const mix = [];
for (const [protocol, build] of Object.entries(PROTOCOLS)) {
  for (const target of TARGETS)
    for (const stream of [false, true]) mix.push({ name: `${protocol} ${target}${stream ? ' streamed' : ''}`, ...build(target, stream) });
}

const temp = mkdtempSync(join(tmpdir(), 'bench-soak-'));
const upstream = await startChild('./upstream-child.mjs');
const gateway = await startChild('./gateway-child.mjs', {
  env: { BENCH_UPSTREAM: upstream.url, BENCH_LEDGER: `sqlite:${join(temp, 'ledger.db')}`, BENCH_LOG: 'default' },
  quietStdout: true,
});
const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
const statuses = new Map();
let sent = 0;

function send(spec) {
  const body = JSON.stringify(spec.body);
  return new Promise((resolve) => {
    const req = request(
      gateway.url + spec.path,
      { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode));
        res.on('error', () => resolve('reset'));
      },
    );
    req.on('error', () => resolve('error'));
    req.end(body);
  });
}

let running = true;
async function caller(offset) {
  for (let i = offset; running; i += CONNECTIONS) {
    const spec = mix[i % mix.length];
    const status = await send(spec);
    sent += 1;
    const key = `${status}`;
    statuses.set(key, (statuses.get(key) ?? 0) + 1);
  }
}

console.log(
  `soak: ${SECONDS} s, ${CONNECTIONS} callers, ${mix.length} kinds of request (Responses store: ${STORE}), memory read every ${SAMPLE_SECONDS} s after a full GC`,
);
const idle = await gateway.usage({ gc: true });
const started = Date.now();
const callers = Array.from({ length: CONNECTIONS }, (_, i) => caller(i));
const samples = [];
const mib = (bytes) => (bytes / 2 ** 20).toFixed(1);
while (Date.now() - started < SECONDS * 1000) {
  await sleep(SAMPLE_SECONDS * 1000);
  const usage = await gateway.usage({ gc: true });
  const at = (Date.now() - started) / 1000;
  const oldSpace = usage.spaces.old_space;
  samples.push({ at, rss: usage.rss, heap: usage.heap, heapTotal: usage.memory.heapTotal, oldSpace, external: usage.memory.external, sent });
  // Beside the heap in use: what V8 keeps mapped for the heap (its old space most of all) and the memory outside it.
  console.log(
    `${at.toFixed(0)} s: ${sent} requests, RSS ${mib(usage.rss)} MiB, heap ${mib(usage.heap)} MiB ` +
      `(V8 holds ${mib(usage.memory.heapTotal)}, old space ${mib(oldSpace)}), external ${mib(usage.memory.external)} MiB`,
  );
}
running = false;
await Promise.all(callers);
agent.destroy();
await gateway.stop();
await upstream.stop();

const afterWarm = samples.filter((sample) => sample.at >= WARM_SECONDS);
const base = afterWarm[0] ?? samples[0];
const later = afterWarm.slice(1);
const last = samples.at(-1);
const peakRss = Math.max(...later.map((sample) => sample.rss), base.rss);
const growth = (value, from) => (((value - from) / from) * 100).toFixed(1);
console.log(`\nidle before: RSS ${mib(idle.rss)} MiB, heap ${mib(idle.heap)} MiB`);
console.log(`statuses: ${[...statuses].map(([status, count]) => `${status} × ${count}`).join(', ')} (${sent} requests, ${(sent / SECONDS).toFixed(0)}/s)`);
console.log(`after the first minute (${base.at.toFixed(0)} s): RSS ${mib(base.rss)} MiB, heap ${mib(base.heap)} MiB`);
console.log(
  `at the end (${last.at.toFixed(0)} s): RSS ${mib(last.rss)} MiB (${growth(last.rss, base.rss)}%), heap ${mib(last.heap)} MiB (${growth(last.heap, base.heap)}%)`,
);
console.log(
  `peak RSS after the first minute: ${mib(peakRss)} MiB (${growth(peakRss, base.rss)}%); median heap after it ${mib(median(later.map((sample) => sample.heap)) || base.heap)} MiB`,
);
const judged = (value, from) => (Number(growth(value, from)) <= 5 ? 'met' : 'not met');
console.log(`goal: no more than 5% above the first minute's -> RSS ${judged(last.rss, base.rss)}, heap ${judged(last.heap, base.heap)}`);
if (STORE) console.log("(Responses store: true keeps each Responses reply in the SQLite ledger's file, not the heap)");
