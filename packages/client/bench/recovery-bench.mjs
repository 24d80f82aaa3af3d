// Time to the first new piece after a cut: a 40-piece answer whose stream is cut after 20 pieces and finished by a
// second member, through the client, against the same answer never cut. The gap after the cut (last old piece →
// first new piece the caller gets) is set against a fresh call's time to first piece, measured interleaved in the
// same run (the machine is noisy: compare ratios). Modes: `prefill` (Anthropic: asked with the text sent, continues)
// and `restart` (OpenAI Chat: asked again without one; the repeat is held back and dropped).
// Run with `pnpm bench:recovery` (builds first); RUNS=…, WARMUP=…, ROUNDS=… change the counts.
import { Worker } from 'node:worker_threads';
import { createClient } from '../dist/index.js';

const PIECES = 40;
const CUT = 20;
const RUNS = Number(process.env.RUNS ?? 200);
const WARMUP = Number(process.env.WARMUP ?? 200);
const ROUNDS = Number(process.env.ROUNDS ?? 3);

const worker = new Worker(new URL('./recovery-upstream-worker.mjs', import.meta.url), { workerData: { pieces: PIECES, cut: CUT } });
const url = await new Promise((resolve, reject) => worker.once('message', resolve).once('error', reject));
const client = createClient();
const question = { model: 'bench', system: [], messages: [{ role: 'user', content: [{ type: 'text', text: 'Count.' }] }], stream: true, extra: {} };
const target = (api, model) => ({ alias: model, api, baseURL: api === 'ollama' ? url : `${url}/v1`, model, apiKey: 'k' });
const whole = Array.from({ length: PIECES }, (_, i) => `tok${i} `).join('');

async function fresh(api) {
  const started = performance.now();
  let first;
  const run = client.call(target(api, 'whole'), question);
  for await (const event of run.events) if (event.type === 'text-delta' && first === undefined) first = performance.now();
  return first - started;
}

async function afterCut(api) {
  let pieces = 0;
  let lastOld;
  let firstNew;
  let text = '';
  const run = client.failover([target(api, 'cut'), target(api, 'next')], question);
  for await (const event of run.events) {
    if (event.type !== 'text-delta') continue;
    text += event.text;
    pieces += 1;
    if (pieces === CUT) lastOld = performance.now();
    else if (pieces === CUT + 1) firstNew = performance.now();
  }
  if (text !== whole) throw new Error(`the recovered answer is not the whole one: ${JSON.stringify(text.slice(0, 80))}…`);
  return firstNew - lastOld;
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const ms = (value) => `${value.toFixed(3)} ms`;

for (const [mode, api] of [
  ['prefill', 'anthropic'],
  ['restart', 'openai-chat'],
]) {
  for (let i = 0; i < WARMUP; i += 1) {
    await fresh(api);
    await afterCut(api);
  }
  const rounds = [];
  for (let r = 0; r < ROUNDS; r += 1) {
    const first = [];
    const gap = [];
    for (let i = 0; i < RUNS; i += 1) {
      first.push(await fresh(api));
      gap.push(await afterCut(api));
    }
    rounds.push({ first: median(first), gap: median(gap) });
  }
  const first = median(rounds.map((r) => r.first));
  const gap = median(rounds.map((r) => r.gap));
  console.log(
    `${mode} (${api}): first piece of a fresh call ${ms(first)}; last old piece → first new piece after a cut ${ms(gap)} (${(gap / first).toFixed(2)}× a fresh first piece)`,
  );
}

await client.close();
worker.postMessage('close');
await new Promise((resolve) => worker.once('exit', resolve));
