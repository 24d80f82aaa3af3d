// Streams a 200-piece reply from the fake upstream on loopback, through the
// client (decoded into neutral events) and through plain undici (bytes read,
// not parsed), interleaved in one run; prints the medians and their ratios.
// Run with `pnpm bench` (builds first); ROUNDS=…, RUNS=…, WARMUP=…, PIECES=… change the counts.
import { Worker } from 'node:worker_threads';
import { Agent, request } from 'undici';
import { getCodec } from '@bench/formats';
import { startFakeUpstream } from '@bench/testkit';
import { createClient } from '../dist/index.js';

const PIECES = Number(process.env.PIECES ?? 200);
const RUNS = Number(process.env.RUNS ?? 400);
// A long warm-up: every contender keeps getting faster for its first ~1,000 calls (JIT tiers here and in the upstream thread).
const WARMUP = Number(process.env.WARMUP ?? 1000);
const ROUNDS = Number(process.env.ROUNDS ?? 5);

// The upstream runs in its own thread (as a real one runs in its own process), unless SAME_THREAD=1.
const sameThread = process.env.SAME_THREAD === '1';
let upstreamURL;
let stopUpstream;
if (sameThread) {
  const upstream = await startFakeUpstream({ models: { bench: { answer: { text: Array.from({ length: PIECES }, (_, i) => `tok${i} `) } } } });
  upstreamURL = upstream.url;
  stopUpstream = () => upstream.close();
} else {
  const worker = new Worker(new URL('./upstream-worker.mjs', import.meta.url), { workerData: { pieces: PIECES } });
  upstreamURL = await new Promise((resolve, reject) => worker.once('message', resolve).once('error', reject));
  stopUpstream = async () => {
    worker.postMessage('close');
    await new Promise((resolve) => worker.once('exit', resolve));
  };
}
const upstream = { baseURL: () => `${upstreamURL}/v1` };
const url = `${upstream.baseURL('openai-chat')}/chat/completions`;
const body = JSON.stringify({
  model: 'bench',
  messages: [{ role: 'user', content: 'Count.' }],
  stream: true,
  stream_options: { include_usage: true },
});
const plainAgent = new Agent({ keepAliveTimeout: 30_000 });
const client = createClient();
const target = { alias: 'bench', api: 'openai-chat', baseURL: upstream.baseURL('openai-chat'), model: 'bench', apiKey: 'k' };
const question = { model: 'bench', system: [], messages: [{ role: 'user', content: [{ type: 'text', text: 'Count.' }] }], stream: true, extra: {} };
const CONTENT = Buffer.from('"content"');

async function plain() {
  const started = performance.now();
  let first;
  let bytes = 0;
  const response = await request(url, { method: 'POST', body, headers: { 'content-type': 'application/json' }, dispatcher: plainAgent });
  for await (const chunk of response.body) {
    if (first === undefined && chunk.includes(CONTENT)) first = performance.now();
    bytes += chunk.length;
  }
  if (bytes === 0) throw new Error('empty body');
  return { total: performance.now() - started, first: first - started };
}

// The floor for any client that goes through the codecs: plain undici plus the codec's decoder, nothing else.
async function decoderOnly() {
  const started = performance.now();
  let first;
  let pieces = 0;
  const decoder = getCodec('openai-chat').createStreamDecoder();
  const text = new TextDecoder();
  const response = await request(url, { method: 'POST', body, headers: { 'content-type': 'application/json' }, dispatcher: plainAgent });
  const count = (events) => {
    for (const event of events) {
      if (event.type !== 'text-delta') continue;
      if (first === undefined) first = performance.now();
      pieces += 1;
    }
  };
  for await (const chunk of response.body) count(decoder.push(text.decode(chunk, { stream: true })));
  count(decoder.end());
  if (pieces !== PIECES) throw new Error(`decoder run got ${pieces} pieces`);
  return { total: performance.now() - started, first: first - started };
}

async function viaClient() {
  const started = performance.now();
  let first;
  let pieces = 0;
  const run = client.call(target, question);
  for await (const event of run.events) {
    if (event.type === 'text-delta') {
      if (first === undefined) first = performance.now();
      pieces += 1;
    }
  }
  const total = performance.now() - started;
  const result = await run.result;
  if (!result.ok || pieces !== PIECES) throw new Error(`client run failed: ${result.error?.message ?? pieces}`);
  return { total, first: first - started };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

for (let i = 0; i < WARMUP; i += 1) {
  await plain();
  await decoderOnly();
  await viaClient();
}
const contenders = { plain, decoder: decoderOnly, client: viaClient };
const names = Object.keys(contenders);

// One round: RUNS interleaved runs of each, their medians. Rounds differ by more than runs within
// one (where the threads land on this shared machine), so the figures are medians over ROUNDS rounds.
async function round() {
  const samples = { plain: [], decoder: [], client: [] };
  for (let i = 0; i < RUNS; i += 1) {
    // Rotate the order so that none always runs first.
    for (let j = 0; j < names.length; j += 1) {
      const name = names[(i + j) % names.length];
      samples[name].push(await contenders[name]());
    }
  }
  return Object.fromEntries(
    Object.entries(samples).map(([name, runs]) => [name, { total: median(runs.map((r) => r.total)), first: median(runs.map((r) => r.first)) }]),
  );
}

const rounds = [];
const ms = (value) => `${value.toFixed(3)} ms`;
const x = (value) => `${value.toFixed(3)}×`;
const signed = (value) => `${value < 0 ? '−' : '+'}${ms(Math.abs(value))}`;
console.log(
  `${PIECES}-piece OpenAI Chat stream on loopback (upstream ${sameThread ? 'in the same thread' : 'in its own thread'}), ${ROUNDS} rounds of ${RUNS} interleaved runs (after ${WARMUP} warm-up)`,
);
for (let r = 1; r <= ROUNDS; r += 1) {
  const stats = await round();
  rounds.push(stats);
  console.log(
    `  round ${r}: plain ${ms(stats.plain.total)}, decoder only ${ms(stats.decoder.total)}, client ${ms(stats.client.total)} → ` +
      `${x(stats.client.total / stats.plain.total)}; first piece ${signed(stats.client.first - stats.plain.first)}`,
  );
}
const over = (pick) => median(rounds.map(pick));
console.log(`medians of the ${ROUNDS} rounds:`);
console.log(`  plain undici (bytes, no parsing): total ${ms(over((s) => s.plain.total))}, first piece ${ms(over((s) => s.plain.first))}`);
console.log(`  undici + codec decoder only:      total ${ms(over((s) => s.decoder.total))}, first piece ${ms(over((s) => s.decoder.first))}`);
console.log(`  @bench/client (neutral events):   total ${ms(over((s) => s.client.total))}, first piece ${ms(over((s) => s.client.first))}`);
console.log(
  `  ratio total ${x(over((s) => s.client.total / s.plain.total))} (goal ≤ 1.3×); first piece ${signed(over((s) => s.client.first - s.plain.first))} (goal ≤ 0.2 ms)`,
);
console.log(
  `  decoder floor ${x(over((s) => s.decoder.total / s.plain.total))} of plain; client ${x(over((s) => s.client.total / s.decoder.total))} of the floor, ` +
    `first piece ${signed(over((s) => s.client.first - s.decoder.first))} over it`,
);

await client.close();
await plainAgent.close();
await stopUpstream();
