// An OpenAI Chat upstream on raw node:http that streams a long answer at once: BENCH_PIECES content
// pieces (the first one the time-to-first-content marker), a finish, usage. For per-event figures.
import { createServer } from 'node:http';
import { serveIpc } from './ipc.mjs';
import { MARKER } from './measure.mjs';

const PIECES = Number(process.env.BENCH_PIECES ?? 100);
const created = Math.floor(Date.now() / 1000);
const chunk = (delta, finish = null, extra = {}) =>
  `data: ${JSON.stringify({ id: 'chatcmpl-long', object: 'chat.completion.chunk', created, model: 'long', choices: [{ index: 0, delta, finish_reason: finish }], ...extra })}\n\n`;
const pieces = [MARKER, ...Array.from({ length: PIECES - 1 }, (_, i) => ` word${i}`)];
const reply = Buffer.from(
  chunk({ role: 'assistant', content: '' }) +
    pieces.map((text) => chunk({ content: text })).join('') +
    chunk({}, 'stop') +
    chunk({}, null, { choices: [], usage: { prompt_tokens: 12, completion_tokens: PIECES, total_tokens: 12 + PIECES } }) +
    'data: [DONE]\n\n',
);

// Model "cut": the first BENCH_CUT_AFTER pieces, then the socket destroyed once they are written (no finish).
const CUT_AFTER = Number(process.env.BENCH_CUT_AFTER ?? 10);
const cutReply = Buffer.from(
  chunk({ role: 'assistant', content: '' }) +
    pieces
      .slice(0, CUT_AFTER)
      .map((text) => chunk({ content: text }))
      .join(''),
);

const server = createServer((req, res) => {
  const parts = [];
  req.on('data', (part) => parts.push(part));
  req.on('end', () => {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    if (/"model"\s*:\s*"cut"/.test(Buffer.concat(parts).toString())) res.write(cutReply, () => res.socket?.destroy());
    else res.end(reply);
  });
});
server.keepAliveTimeout = 30_000;
server.listen(0, '127.0.0.1', () => serveIpc({ url: `http://127.0.0.1:${server.address().port}` }));
