// `pnpm bench`: how much a panel adds over its slowest seat (and over seat + merger in sequence).
// Seats answer from the fake upstream after fixed first-piece delays on a real socket; each figure
// is the median of BENCH_RUNS runs, with the baseline measured in the same run, interleaved.
import { cpus, loadavg } from 'node:os';
import { createClient } from '@bench/client';
import { createLedger } from '@bench/ledger';
import { startFakeUpstream } from '@bench/testkit';
import { runPanel } from '../dist/index.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 41);
const WARMUP = 5;
const SLOWEST_MS = 50;
const SEAT_DELAYS = [10, 20, 30, 40, SLOWEST_MS];

const answer = (text) => ({ answer: { text: text.split(/(?<= )/), usage: { inputTokens: 20, outputTokens: 8 } } });
const models = Object.fromEntries(SEAT_DELAYS.map((ms, i) => [`s${i + 1}`, { ...answer(`Seat ${i + 1} says the answer is four.`), firstPieceDelayMs: ms }]));
models.judge = { ...answer('Merged: the answer is four, as every seat agrees.'), firstPieceDelayMs: SLOWEST_MS };

const upstream = await startFakeUpstream({ models });
const client = createClient();
const ledger = await createLedger('memory:');
const member = (alias) => ({ alias, target: { alias, api: 'openai-chat', baseURL: upstream.baseURL('openai-chat'), model: alias, apiKey: 'sk-bench' } });
const catalog = Object.fromEntries([...Object.keys(models)].map((alias) => [alias, member(alias)]));
const collection = { name: 'core', members: SEAT_DELAYS.map((_, i) => `s${i + 1}`), merger: 'judge' };
const request = {
  model: 'bench/core',
  system: [],
  messages: [{ role: 'user', content: [{ type: 'text', text: 'What is 2 + 2?' }] }],
  stream: false,
  extra: {},
};

const time = async (fn) => {
  const start = performance.now();
  await fn();
  return performance.now() - start;
};
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const single = (alias) => client.call(catalog[alias].target, { ...request, stream: true }).collect();
const panel = (mode) => runPanel({ client, collection, models: catalog, request, mode, recorder: ledger }).result;

const figures = { slowest: [], all: [], sequence: [], merged: [] };
for (let r = 0; r < WARMUP + RUNS; r += 1) {
  const round = {
    slowest: await time(() => single('s5')),
    all: await time(() => panel('all')),
    sequence: await time(async () => {
      await single('s5');
      await single('judge');
    }),
    merged: await time(() => panel('merged')),
  };
  if (r >= WARMUP) for (const [key, ms] of Object.entries(round)) figures[key].push(ms);
}

const m = Object.fromEntries(Object.entries(figures).map(([key, values]) => [key, median(values)]));
// Speed is measured, not asserted: each figure is reported with its budget and the ratio of the two (over 1.00 is
// over budget), with the load it was taken under, and the bench exits 0 either way (a loaded machine misses
// wall-clock budgets; it must not stop `pnpm bench`).
const line = (what, value, base, budget) => {
  const over = value - base;
  console.log(
    `${what}: ${value.toFixed(2)} ms median; baseline ${base.toFixed(2)} ms; overhead ${over.toFixed(2)} ms (${(value / base).toFixed(3)}× the baseline); budget ${budget} ms: overhead/budget ${(over / budget).toFixed(2)}× (${over <= budget ? 'within' : 'over'})`,
  );
};
const load = loadavg()[0].toFixed(1);
console.log(
  `${RUNS} runs after ${WARMUP} warm-up; seats answer after ${SEAT_DELAYS.join(', ')} ms; merger after ${SLOWEST_MS} ms; load average ${load} on ${cpus().length} cores`,
);
line('panel of 5, all', m.all, m.slowest, 3);
line('panel of 5, merged', m.merged, m.sequence, 3);

await client.close();
await ledger.close();
await upstream.close();
