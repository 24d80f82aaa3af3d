// A minimal OpenAI Chat upstream on raw node:http, fast enough not to be the bottleneck.
// Model "hold" streams one piece a second until the caller goes away, for at most BENCH_HOLD_SECONDS (3600) (for the
// open-streams figures: opening thousands of streams on a busy machine takes minutes, and none may end before it is read),
// and counts the pieces it sent (`pieces` in its usage answer: the CPU a streamed piece costs is read against it);
// Model "flaky" fails every 4th request (a 500, or a streamed answer cut after its first piece);
// any other model answers at once, as JSON or as SSE when the body asks for `stream: true`.
import { createServer } from 'node:http';
import { serveIpc } from './ipc.mjs';

const FIRST = 'Zebracorn'; // the first content piece: the time-to-first-content marker
const created = Math.floor(Date.now() / 1000);
const usage = { prompt_tokens: 12, completion_tokens: 5, total_tokens: 17 };
const jsonReply = Buffer.from(
  JSON.stringify({
    id: 'chatcmpl-bench',
    object: 'chat.completion',
    created,
    model: 'fast',
    choices: [{ index: 0, message: { role: 'assistant', content: `${FIRST} says hello there.` }, finish_reason: 'stop' }],
    usage,
  }),
);
const chunk = (delta, finish = null, extra = {}) =>
  `data: ${JSON.stringify({ id: 'chatcmpl-bench', object: 'chat.completion.chunk', created, model: 'fast', choices: [{ index: 0, delta, finish_reason: finish }], ...extra })}\n\n`;
const ROLE = chunk({ role: 'assistant', content: '' });
const sseReply = Buffer.from(
  ROLE +
    [FIRST, ' says', ' hello', ' there.'].map((text) => chunk({ content: text })).join('') +
    chunk({}, 'stop') +
    chunk({}, null, { choices: [], usage }) +
    'data: [DONE]\n\n',
);
const SSE_HEAD = { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' };

const server = createServer((req, res) => {
  if (req.method !== 'POST' || !req.url.endsWith('/chat/completions')) {
    res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"not found"}}');
    return;
  }
  const parts = [];
  req.on('data', (part) => parts.push(part));
  req.on('end', () => {
    const body = Buffer.concat(parts).toString();
    const stream = /"stream"\s*:\s*true/.test(body);
    if (/"model"\s*:\s*"hold"/.test(body)) return hold(res);
    if (/"model"\s*:\s*"flaky"/.test(body) && ++flaky % 4 === 0) return fail(res, stream);
    if (!stream) {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': jsonReply.length }).end(jsonReply);
      return;
    }
    res.writeHead(200, SSE_HEAD).end(sseReply);
  });
});

let flaky = 0;
let pieces = 0;
const HOLD_SECONDS = Number(process.env.BENCH_HOLD_SECONDS ?? 3600);
function fail(res, stream) {
  if (!stream) return void res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":{"message":"flaky upstream"}}');
  res.writeHead(200, SSE_HEAD);
  res.write(ROLE + chunk({ content: FIRST }), () => res.destroy());
}

function hold(res) {
  res.writeHead(200, SSE_HEAD);
  res.write(ROLE + chunk({ content: FIRST }));
  let n = 0;
  const timer = setInterval(() => {
    n += 1;
    if (n > HOLD_SECONDS) {
      clearInterval(timer);
      res.end(chunk({}, 'stop') + 'data: [DONE]\n\n');
      return;
    }
    res.write(chunk({ content: ` piece ${n}` }));
    pieces += 1;
  }, 1000);
  res.on('close', () => clearInterval(timer));
}

server.keepAliveTimeout = 65_000;
server.maxRequestsPerSocket = 0;
server.listen(0, '127.0.0.1', () => serveIpc({ url: `http://127.0.0.1:${server.address().port}` }, () => ({ pieces })));
