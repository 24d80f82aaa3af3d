// Where a client call's time goes, against plain undici: head, first piece, finish event, end of events.
// Run after a build: node bench/client-phases.mjs (RUNS=… changes the count; ONLY_CLIENT=1 skips plain undici, for profiling).
import { Worker } from 'node:worker_threads';
import { Agent, request } from 'undici';
import { createClient } from '../dist/index.js';

const RUNS = Number(process.env.RUNS ?? 600);
const worker = new Worker(new URL('./upstream-worker.mjs', import.meta.url), { workerData: { pieces: 200 } });
const base = await new Promise((resolve, reject) => worker.once('message', resolve).once('error', reject));
const body = JSON.stringify({ model: 'bench', messages: [{ role: 'user', content: 'Count.' }], stream: true, stream_options: { include_usage: true } });
const agent = new Agent({ keepAliveTimeout: 30_000 });
const client = createClient();
const target = { alias: 'bench', api: 'openai-chat', baseURL: `${base}/v1`, model: 'bench', apiKey: 'k' };
const question = { model: 'bench', system: [], messages: [{ role: 'user', content: [{ type: 'text', text: 'Count.' }] }], stream: true, extra: {} };
const CONTENT = Buffer.from('"content"');

async function plain() {
  const t0 = performance.now();
  const response = await request(`${base}/v1/chat/completions`, { method: 'POST', body, headers: { 'content-type': 'application/json' }, dispatcher: agent });
  const head = performance.now() - t0;
  let first;
  let last;
  for await (const chunk of response.body) {
    if (first === undefined && chunk.includes(CONTENT)) first = performance.now() - t0;
    last = performance.now() - t0;
  }
  return { head, first, finish: last, end: performance.now() - t0 };
}
async function viaClient() {
  const t0 = performance.now();
  const run = client.call(target, question);
  let first;
  let finish;
  for await (const event of run.events) {
    if (event.type === 'text-delta' && first === undefined) first = performance.now() - t0;
    if (event.type === 'finish') finish = performance.now() - t0;
  }
  const end = performance.now() - t0;
  await run.result;
  return { head: 0, first, finish, end };
}
const median = (v) => [...v].sort((a, b) => a - b)[v.length >> 1];
const samples = { plain: [], client: [] };
for (let i = 0; i < RUNS + 50; i += 1) {
  const a = process.env.ONLY_CLIENT ? { head: 0, first: 0, finish: 0, end: 0 } : await plain();
  const b = await viaClient();
  if (i >= 50) {
    samples.plain.push(a);
    samples.client.push(b);
  }
}
for (const [name, runs] of Object.entries(samples)) {
  const keys = ['head', 'first', 'finish', 'end'];
  console.log(name.padEnd(7), keys.map((k) => `${k} ${median(runs.map((r) => r[k])).toFixed(3)}`).join('  '));
}
await client.close();
await agent.close();
worker.postMessage('close');
