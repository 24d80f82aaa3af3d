// What an idle shadow costs a route turn: the same whole (JSON) route turn, on an engine whose collection has
// `shadow: { rate: 0 }` and on one with no shadow config, interleaved in one run; reported as a ratio (the machine
// is noisy, so only the ratio means anything). No network: a fake dispatcher hands the client a captured stream.
// Run after a build: node bench/shadow-overhead.mjs (N=… changes the count).
import { createClient } from '@bench/client';
import { capturedStreamDispatcher } from '@bench/testkit';
import { createEngine } from '../dist/index.js';

const N = Number(process.env.N ?? 3000);
const created = 1796030278;
const chunk = (delta, finish = null) =>
  `data: ${JSON.stringify({ id: 'fake-0', object: 'chat.completion.chunk', created, model: 'up', choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }] })}\n\n`;
const writes = [
  chunk({ role: 'assistant', content: '' }),
  ...Array.from({ length: 20 }, (_, i) => chunk({ content: `tok${i} ` })),
  chunk({}, 'stop'),
  `data: ${JSON.stringify({ id: 'fake-0', object: 'chat.completion.chunk', created, model: 'up', choices: [], usage: { prompt_tokens: 30, completion_tokens: 20, total_tokens: 50 } })}\n\n`,
  'data: [DONE]\n\n',
].map((text) => Buffer.from(text));
const dispatcher = capturedStreamDispatcher(writes);

function config(shadow) {
  return {
    ledger: 'memory:',
    providers: { chat: { baseURL: 'http://127.0.0.1:9/v1', api: 'openai-chat' } },
    models: { a: { provider: 'chat', model: 'up-a', price: { input: 1, output: 2 } }, s: { provider: 'chat', model: 'up-s', price: { input: 1, output: 2 } } },
    collections: { agents: { members: ['a'], reply: 'route', ...(shadow ? { shadow } : {}) } },
  };
}

const question = { model: '', system: [], messages: [{ role: 'user', content: [{ type: 'text', text: 'Count to twenty.' }] }], stream: false, extra: {} };
const engines = {
  'no shadow': await createEngine(config(undefined), { client: createClient({ dispatcher }) }),
  'shadow rate 0': await createEngine(config({ rate: 0, members: ['s'], maxConcurrent: 2, usdPerDay: 5 }), { client: createClient({ dispatcher }) }),
};

async function turn(engine) {
  const handle = engine.turn(question, { model: 'bench/agents' });
  const { reply } = await handle.reply();
  await handle.done;
  if (!reply.content.length) throw new Error('empty reply');
}

const median = (values) => [...values].sort((a, b) => a - b)[values.length >> 1];
const samples = Object.fromEntries(Object.keys(engines).map((name) => [name, []]));
for (let i = 0; i < N; i += 1) {
  // Alternate which goes first, so neither always runs on a warmer cache.
  const order = i % 2 ? Object.entries(engines) : Object.entries(engines).reverse();
  for (const [name, engine] of order) {
    const started = performance.now();
    await turn(engine);
    if (i >= N / 5) samples[name].push(performance.now() - started);
  }
}
const base = median(samples['no shadow']);
const shadowed = median(samples['shadow rate 0']);
console.log(
  `route JSON turn, median of ${samples['no shadow'].length}: no shadow ${(base * 1000).toFixed(1)} µs, shadow rate 0 ${(shadowed * 1000).toFixed(1)} µs`,
);
console.log(`ratio shadow rate 0 / no shadow: ${(shadowed / base).toFixed(3)}`);
const counters = engines['shadow rate 0'].shadows().agents;
if (counters.run !== 0) throw new Error(`rate 0 ran ${counters.run} shadows`);
for (const engine of Object.values(engines)) await engine.close();
