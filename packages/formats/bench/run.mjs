// pnpm bench in packages/formats: each figure beside its floor, measured in the same run.
import { createParser } from 'eventsource-parser';
import { Bench } from 'tinybench';
import { anthropicCodec, openaiChatCodec } from '../dist/index.js';
import { agentRequest } from './agent-request.mjs';
import { openaiChatStream } from './openai-stream.mjs';

const requestText = JSON.stringify(agentRequest());
const streamText = openaiChatStream(1000);
const streamChunks = streamText.match(/[\s\S]{1,4096}/g); // as a socket would deliver it
const eventCount = streamText.split('\n\n').length - 1;

function translateRequest() {
  const request = anthropicCodec.parseRequest(JSON.parse(requestText));
  return JSON.stringify(openaiChatCodec.formatRequest(request).body);
}

function floorRequest() {
  return JSON.stringify(JSON.parse(requestText));
}

function translateStream() {
  const decoder = openaiChatCodec.createStreamDecoder();
  const encoder = anthropicCodec.createStreamEncoder({ model: 'claude-opus-4-8' });
  let out = '';
  for (const chunk of streamChunks) for (const event of decoder.push(chunk)) out += encoder.encode(event);
  for (const event of decoder.end()) out += encoder.encode(event);
  return out + encoder.end();
}

function floorStream() {
  let out = '';
  const parser = createParser({
    onEvent(message) {
      out += message.data === '[DONE]' ? 'data: [DONE]\n\n' : `data: ${JSON.stringify(JSON.parse(message.data))}\n\n`;
    },
  });
  for (const chunk of streamChunks) parser.feed(chunk);
  return out;
}

// Check the work is real before timing it.
const translated = JSON.parse(translateRequest());
if (translated.tools.length !== 40 || translated.messages.length < 60) throw new Error('request translation lost tools or messages');
const sse = translateStream();
if (!sse.includes('event: message_stop') || !sse.includes('input_json_delta')) throw new Error('stream translation is incomplete');

const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const rows = { a: [], aFloor: [], b: [], bFloor: [] };
for (let round = 0; round < rounds; round++) {
  const bench = new Bench({ time: 400, warmupTime: 100 });
  bench.add('a', translateRequest).add('aFloor', floorRequest).add('b', translateStream).add('bFloor', floorStream);
  await bench.run();
  for (const task of bench.tasks) rows[task.name].push(task.result.latency.p50);
}
const median = (values) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)];
const ms = (name) => median(rows[name]);

const a = ms('a');
const aFloor = ms('aFloor');
const b = ms('b');
const bFloor = ms('bFloor');
console.log(`request bytes ${requestText.length}, stream events ${eventCount}, rounds ${rounds}`);
console.log(
  `(a) Anthropic → neutral → OpenAI Chat request: median ${a.toFixed(3)} ms; floor JSON.parse+stringify ${aFloor.toFixed(3)} ms; ratio ${(a / aFloor).toFixed(2)}× (goal ≤ 2×, < 2 ms)`,
);
console.log(
  `(b) OpenAI Chat stream → Anthropic SSE: median ${b.toFixed(3)} ms = ${Math.round(eventCount / (b / 1000)).toLocaleString('en')} events/s; floor SSE parse + re-serialise ${bFloor.toFixed(3)} ms; ratio ${(b / bFloor).toFixed(2)}× (goal ≤ 2×, > 300,000 events/s)`,
);
