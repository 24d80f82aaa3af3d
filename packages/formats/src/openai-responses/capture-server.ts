import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { safeParseJSON } from '../shared/safe-parse-json';

/** Test helper: a real HTTP server on 127.0.0.1 that records each request body and answers with `answer`. */
export interface CaptureServer {
  baseURL: string;
  bodies: unknown[];
  close(): Promise<void>;
}

export async function startCaptureServer(answer: (body: Record<string, unknown>) => { contentType: string; body: string }): Promise<CaptureServer> {
  const bodies: unknown[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const parsed = safeParseJSON(Buffer.concat(chunks).toString('utf8'));
      const body = parsed.success ? (parsed.value as Record<string, unknown>) : {};
      bodies.push(body);
      const reply = answer(body);
      res.writeHead(200, { 'content-type': reply.contentType });
      res.end(reply.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    bodies,
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
