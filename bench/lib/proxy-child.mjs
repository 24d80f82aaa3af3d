// The baseline: a bare Node pass-through proxy. Pipes the request to the upstream and the reply
// back, no parsing, over a keep-alive agent.
import { Agent, createServer, request } from 'node:http';
import { serveIpc } from './ipc.mjs';

const upstream = new URL(process.env.BENCH_UPSTREAM);
const agent = new Agent({ keepAlive: true, maxSockets: Infinity });

const server = createServer((req, res) => {
  const headers = { ...req.headers, host: upstream.host };
  const out = request({ host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers, agent }, (reply) => {
    res.writeHead(reply.statusCode, reply.headers);
    reply.pipe(res);
  });
  out.on('error', () => {
    if (!res.headersSent) res.writeHead(502).end();
    else res.destroy();
  });
  res.on('close', () => {
    if (!res.writableFinished) out.destroy();
  });
  req.pipe(out);
});

server.keepAliveTimeout = 65_000;
server.listen(0, '127.0.0.1', () => serveIpc({ url: `http://127.0.0.1:${server.address().port}` }));
