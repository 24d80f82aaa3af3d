// A small OpenAI Chat Completions upstream on 127.0.0.1 that streams one fixed answer,
// and remembers what it was asked: what the embedder's program calls instead of a provider.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export const ANSWER = ['Hello', ' from', ' the', ' upstream'];

export interface SeenRequest {
  path: string;
  authorization: string | undefined;
  body: { model?: string; stream?: boolean; messages?: unknown[] };
}

export interface Upstream {
  baseURL: string;
  seen: SeenRequest[];
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function chunk(model: string, delta: Record<string, unknown>, finish: string | null): string {
  const frame = { id: 'chatcmpl-pack-check', object: 'chat.completion.chunk', created: 1, model, choices: [{ index: 0, delta, finish_reason: finish }] };
  return `data: ${JSON.stringify(frame)}\n\n`;
}

export async function startUpstream(): Promise<Upstream> {
  const seen: SeenRequest[] = [];
  const server = createServer(async (req, res) => {
    const body = JSON.parse(await readBody(req)) as SeenRequest['body'];
    seen.push({ path: req.url ?? '', authorization: req.headers.authorization, body });
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: `no route ${req.method} ${req.url}`, type: 'not_found' } }));
      return;
    }
    const model = body.model ?? 'unknown';
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    res.write(chunk(model, { role: 'assistant', content: '' }, null));
    for (const piece of ANSWER) res.write(chunk(model, { content: piece }, null));
    res.write(chunk(model, {}, 'stop'));
    const usage = { prompt_tokens: 9, completion_tokens: ANSWER.length, total_tokens: 9 + ANSWER.length };
    res.write(`data: ${JSON.stringify({ id: 'chatcmpl-pack-check', object: 'chat.completion.chunk', created: 1, model, choices: [], usage })}\n\n`);
    res.end('data: [DONE]\n\n');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    seen,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
