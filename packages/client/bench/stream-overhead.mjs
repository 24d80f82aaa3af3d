// The client's own cost over the codec's decoder, without a network: a fake dispatcher hands over a captured
// 200-piece body (as the upstream wrote it, one buffer per write) at once; the same buffers go through the decoder alone.
// Run after a build: node bench/stream-overhead.mjs (N=… changes the count; IDLE=1 lets the thread sleep 1 ms
// before each run, untimed, as it does between real replies: the client's setup code then runs several times slower).
import { getCodec } from '@bench/formats';
import { capturedStreamDispatcher } from '@bench/testkit';
import { createClient } from '../dist/index.js';

const PIECES = 200;
const N = Number(process.env.N ?? 3000);
const created = 1796030278;
const chunk = (delta, finish = null) =>
  `data: ${JSON.stringify({ id: 'fake-0', object: 'chat.completion.chunk', created, model: 'bench', choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }] })}\n\n`;
const writes = [
  chunk({ role: 'assistant', content: '' }),
  ...Array.from({ length: PIECES }, (_, i) => chunk({ content: `tok${i} ` })),
  chunk({}, 'stop'),
  `data: ${JSON.stringify({ id: 'fake-0', object: 'chat.completion.chunk', created, model: 'bench', choices: [], usage: { prompt_tokens: 3, completion_tokens: PIECES, total_tokens: PIECES + 3 } })}\n\n`,
  'data: [DONE]\n\n',
].map((text) => Buffer.from(text));
const fake = capturedStreamDispatcher(writes);
const client = createClient({ dispatcher: fake });
const target = { alias: 'bench', api: 'openai-chat', baseURL: 'http://127.0.0.1:9/v1', model: 'bench', apiKey: 'k' };
const question = { model: 'bench', system: [], messages: [{ role: 'user', content: [{ type: 'text', text: 'Count.' }] }], stream: true, extra: {} };

async function viaClient() {
  let pieces = 0;
  const run = client.call(target, question);
  for await (const event of run.events) if (event.type === 'text-delta') pieces += 1;
  if ((await run.result).ok !== true || pieces !== PIECES) throw new Error('client run failed');
}
async function decoderOnly() {
  let pieces = 0;
  const decoder = getCodec('openai-chat').createStreamDecoder();
  const text = new TextDecoder();
  await null;
  for (const write of writes) for (const event of decoder.push(text.decode(write, { stream: true }))) if (event.type === 'text-delta') pieces += 1;
  decoder.end();
  if (pieces !== PIECES) throw new Error('decoder run failed');
}
const median = (values) => [...values].sort((a, b) => a - b)[values.length >> 1];
const samples = { decoder: [], client: [] };
for (let i = 0; i < N; i += 1) {
  for (const [name, run] of [
    ['decoder', decoderOnly],
    ['client', viaClient],
  ]) {
    if (process.env.IDLE === '1') await new Promise((resolve) => setTimeout(resolve, 1));
    const started = performance.now();
    await run();
    if (i >= N / 5) samples[name].push(performance.now() - started);
  }
}
const decoder = median(samples.decoder);
const viaClientMs = median(samples.client);
console.log(
  `decoder only ${(decoder * 1000).toFixed(1)} µs, client ${(viaClientMs * 1000).toFixed(1)} µs: the client's own cost ${((viaClientMs - decoder) * 1000).toFixed(1)} µs a call`,
);
await client.close();
