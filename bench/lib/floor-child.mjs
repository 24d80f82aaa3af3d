// A second baseline: the least a translating gateway must do in Node, and nothing more. It reads
// and parses the caller's JSON, writes a new upstream body (its own model, streamed, usage asked
// for), calls the upstream over undici's keep-alive pool, splits the SSE reply and parses every
// event, and writes an OpenAI Chat JSON reply from what it collected. No validation, keys,
// routing, failover, timeouts, ledger or logging: every figure above this is what those cost.
// With BENCH_FLOOR_LEDGER (a ledger URL) it also records each request in @bench/ledger as the
// gateway records a route turn (one call, one turn): the floor of a gateway that keeps a ledger.
import { createRequire } from 'node:module';
import { createServer } from 'node:http';
import { serveIpc } from './ipc.mjs';

const require = createRequire(new URL('../../packages/client/package.json', import.meta.url));
const { Agent } = require('undici');

const upstream = new URL(process.env.BENCH_UPSTREAM);
const agent = new Agent({ keepAliveTimeout: 30_000, connections: null });
const origin = upstream.origin;
const ledger = process.env.BENCH_FLOOR_LEDGER ? await openLedger(process.env.BENCH_FLOOR_LEDGER) : undefined;
const { newCallId } = await import('../../packages/ledger/dist/index.js');
// The bench sends one body again and again: to the gateway, turn 1 of one conversation.
const conversation = '9puQngyGaTYRf8x2D-lZ_tEc3iCBC39iTwjFNe_o2Ck';

async function openLedger(url) {
  const { createLedger } = await import('../../packages/ledger/dist/index.js');
  return createLedger(url);
}

function record(alias, usage, finish, started) {
  const call = newCallId('r');
  const seconds = (performance.now() - started) / 1000;
  const tokens = { inputTokens: usage?.prompt_tokens, outputTokens: usage?.completion_tokens };
  ledger.recordCall({
    id: call,
    purpose: 'route',
    collection: 'agents',
    keyName: 'floor',
    alias,
    provider: 'up',
    status: 'ok',
    seconds,
    firstPieceSeconds: seconds,
    usage: tokens,
    price: { input: 1, output: 2 },
    finishReason: finish,
    toolCalls: 0,
    unit: conversation,
  });
  ledger.recordTurn({
    conversation,
    turn: 1,
    collection: 'agents',
    call,
    alias,
    status: 'ok',
    seconds,
    firstTokenSeconds: seconds,
    usage: tokens,
    toolCalls: 0,
    finishReason: finish,
    tried: [],
  });
}

function readBody(req) {
  return new Promise((resolve, reject) => {
    const parts = [];
    req.on('data', (part) => parts.push(part));
    req.on('end', () => resolve(Buffer.concat(parts).toString('utf8')));
    req.on('error', reject);
  });
}

async function answer(req, res) {
  const started = performance.now();
  const asked = JSON.parse(await readBody(req));
  const body = JSON.stringify({ model: 'fast', messages: asked.messages, max_tokens: asked.max_tokens, stream: true, stream_options: { include_usage: true } });
  const reply = await agent.request({
    origin,
    path: `${upstream.pathname.replace(/\/$/, '')}/v1/chat/completions`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  });
  let text = '';
  let pending = '';
  let finish = null;
  let usage;
  for await (const chunk of reply.body) {
    pending += chunk.toString('utf8');
    let end;
    while ((end = pending.indexOf('\n\n')) !== -1) {
      const event = pending.slice(0, end);
      pending = pending.slice(end + 2);
      if (!event.startsWith('data: ') || event === 'data: [DONE]') continue;
      const data = JSON.parse(event.slice(6));
      const choice = data.choices[0];
      if (choice?.delta?.content) text += choice.delta.content;
      if (choice?.finish_reason) finish = choice.finish_reason;
      if (data.usage) usage = data.usage;
    }
  }
  const out = JSON.stringify({
    id: 'chatcmpl-floor',
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: asked.model,
    choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: finish }],
    usage,
  });
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(out) }).end(out);
  if (ledger) record('m1', usage, finish, started);
}

const server = createServer((req, res) => {
  answer(req, res).catch(() => {
    if (!res.headersSent) res.writeHead(502).end();
    else res.destroy();
  });
});

server.keepAliveTimeout = 65_000;
server.listen(0, '127.0.0.1', () => serveIpc({ url: `http://127.0.0.1:${server.address().port}` }));
