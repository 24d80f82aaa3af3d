// Micro-benchmark of the OpenAI Chat stream decoder alone, on a body captured from testkit (as it arrived, and whole).
// Run: node bench/decoder-micro.mjs (reads @bench/formats from its dist: build formats first).
import { request } from 'undici';
import { getCodec } from '@bench/formats';
import { startFakeUpstream } from '@bench/testkit';

const PIECES = 200;
const upstream = await startFakeUpstream({ models: { bench: { answer: { text: Array.from({ length: PIECES }, (_, i) => `tok${i} `) } } } });
const body = JSON.stringify({ model: 'bench', messages: [{ role: 'user', content: 'Count.' }], stream: true, stream_options: { include_usage: true } });
const response = await request(`${upstream.url}/v1/chat/completions`, { method: 'POST', body, headers: { 'content-type': 'application/json' } });
const chunks = [];
for await (const chunk of response.body) chunks.push(chunk.toString('utf8'));
await upstream.close();
const whole = chunks.join('');
if (process.env.SHOW) console.log(JSON.stringify(whole.slice(0, 600)), chunks.length);

function run(parts) {
  const decoder = getCodec('openai-chat').createStreamDecoder();
  let n = 0;
  for (const part of parts) n += decoder.push(part).length;
  n += decoder.end().length;
  return n;
}
const perChar = whole.split('');
for (const [name, parts] of [
  ['as arrived', chunks],
  ['whole', [whole]],
]) {
  for (let i = 0; i < 2000; i += 1) run(parts);
  const times = [];
  for (let r = 0; r < 7; r += 1) {
    const t = performance.now();
    for (let i = 0; i < 2000; i += 1) run(parts);
    times.push((performance.now() - t) / 2000);
  }
  times.sort((a, b) => a - b);
  console.log(`${name} (${parts.length} parts): ${(times[3] * 1000).toFixed(1)} µs per 200-piece body, ${run(parts)} events`);
}
console.log('per-char events', run(perChar));
