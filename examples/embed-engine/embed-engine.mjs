// bench's engine inside an app of your own, with no HTTP server of bench's: one route turn and one
// panel turn against a small OpenAI-compatible upstream this script starts itself on 127.0.0.1.
//
//   pnpm build && node examples/embed-engine/embed-engine.mjs
import { createServer } from 'node:http';
import { createEngine, parseConfig } from '@bench/engine';

// A stand-in for a provider: answers every chat completion, streamed, with the model's name.
const upstream = createServer((req, res) => {
  let body = '';
  req.on('data', (chunk) => (body += chunk));
  req.on('end', () => {
    const { model } = JSON.parse(body);
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    const chunk = (delta, finish = null) => ({
      id: 'c1',
      object: 'chat.completion.chunk',
      created: 0,
      model,
      choices: [{ index: 0, delta, finish_reason: finish }],
    });
    res.write(`data: ${JSON.stringify(chunk({ role: 'assistant', content: `${model} says hello` }))}\n\n`);
    res.write(`data: ${JSON.stringify({ ...chunk({}, 'stop'), usage: { prompt_tokens: 5, completion_tokens: 3, total_tokens: 8 } })}\n\n`);
    res.end('data: [DONE]\n\n');
  });
});
await new Promise((resolve) => upstream.listen(0, '127.0.0.1', resolve));
const baseURL = `http://127.0.0.1:${upstream.address().port}/v1`;

const engine = await createEngine(
  parseConfig({
    ledger: 'memory:',
    providers: { local: { baseURL, api: 'openai-chat' } },
    models: {
      a: { provider: 'local', model: 'model-a', price: { input: 1, output: 2 } },
      b: { provider: 'local', model: 'model-b', price: { input: 1, output: 2 } },
    },
    collections: {
      agents: { members: ['a', 'b'], reply: 'route' },
      panel: { members: ['a', 'b'], reply: 'all' },
    },
  }),
);

const request = { model: 'bench/agents', system: [], messages: [{ role: 'user', content: [{ type: 'text', text: 'Hello?' }] }], stream: true, extra: {} };

// A route turn, streamed: neutral events, whatever protocol your app speaks.
let text = '';
for await (const event of engine.turn(request, { model: 'bench/agents' })) {
  if (event.type === 'text-delta') text += event.text;
  if (event.type === 'finish') console.log(`route: "${text}" (member ${event.extra.bench.alias}, cost $${event.extra.bench.cost})`);
}

// A panel turn, whole: every seat's answer, labelled.
const { reply } = await engine.turn({ ...request, stream: false }, { model: 'bench/panel' }).reply();
console.log(`panel: ${reply.extra.bench.seats.map((seat) => `${seat.alias}: "${seat.answer}"`).join(', ')}`);

await engine.close();
upstream.close();
