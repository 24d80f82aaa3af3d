import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Test-only: a real local socket that records what a client sends and answers with our bytes. */

export interface Recorded {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: unknown;
}

export interface Answer {
  status?: number;
  contentType: string;
  body: string;
}

export interface TestServer {
  baseUrl: string;
  requests: Recorded[];
  answer(next: (request: Recorded) => Answer): void;
  close(): Promise<void>;
}

export async function startTestServer(): Promise<TestServer> {
  const requests: Recorded[] = [];
  let respond: (request: Recorded) => Answer = () => ({ status: 500, contentType: 'text/plain', body: 'no answer set' });
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const recorded: Recorded = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: text ? (JSON.parse(text) as unknown) : undefined };
      requests.push(recorded);
      const answer = respond(recorded);
      res.writeHead(answer.status ?? 200, { 'content-type': answer.contentType });
      res.end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    answer(next) {
      respond = next;
    },
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
