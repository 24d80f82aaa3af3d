import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { estimateTokens, getCodec, safeParseJSON, type NeutralRequest } from '@bench/formats';
import { voiceAnswer } from './demo-voices';

/** How one simulated member behaves. */
export interface DemoMember {
  firstPieceDelayMs?: number;
  pieceDelayMs: number;
  /** Fails (503, before any byte) on every call whose count modulo `every` is `at`. */
  fails?: { every: number; at: number };
}

export const DEMO_MEMBERS: Record<string, DemoMember> = {
  'demo-sage': { pieceDelayMs: 30 },
  'demo-scout': { pieceDelayMs: 15 },
  'demo-slowpoke': { firstPieceDelayMs: 2500, pieceDelayMs: 60 },
  // The second of every three calls fails, so a route's first conversations show a failover and a panel a failed seat.
  'demo-flaky': { pieceDelayMs: 25, fails: { every: 3, at: 1 } },
};

export interface DemoUpstream {
  /** The OpenAI-compatible base URL (`http://127.0.0.1:PORT/v1`). */
  readonly baseURL: string;
  close(): Promise<void>;
}

const codec = getCodec('openai-chat');
/** Waits `ms`; false when the caller left first. */
const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<boolean>((resolve) => {
    if (signal.aborted) return resolve(false);
    const onAbort = () => {
      clearTimeout(timer);
      resolve(false);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve(true);
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });

function sendJSON(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) }).end(text);
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * The demo's simulated members: a small OpenAI-compatible upstream on a
 * loopback port (chat completions, streamed or not, and a model listing).
 * A product feature of `--demo`, not a test helper.
 */
export async function startDemoUpstream(members: Record<string, DemoMember> = DEMO_MEMBERS): Promise<DemoUpstream> {
  const calls = new Map<string, number>();

  const answer = async (req: IncomingMessage, res: ServerResponse, signal: AbortSignal): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://demo');
    if (req.method === 'GET' && url.pathname === '/v1/models') {
      return sendJSON(res, 200, { object: 'list', data: Object.keys(members).map((id) => ({ id, object: 'model', owned_by: 'bench-demo' })) });
    }
    if (req.method !== 'POST' || url.pathname !== '/v1/chat/completions')
      return sendJSON(res, 404, { error: { message: `no route ${req.method} ${url.pathname}` } });
    const parsed = safeParseJSON(await readBody(req));
    let request: NeutralRequest;
    try {
      if (!parsed.success) throw new Error('the body is not JSON');
      request = codec.parseRequest(parsed.value);
    } catch (error) {
      return sendJSON(res, 400, codec.formatError({ kind: 'invalid-request', status: 400, message: (error as Error).message }).body);
    }
    const member = members[request.model];
    if (!member) return sendJSON(res, 404, codec.formatError({ kind: 'not-found', status: 404, message: `no demo member ${request.model}` }).body);
    const count = calls.get(request.model) ?? 0;
    calls.set(request.model, count + 1);
    if (member.fails && count % member.fails.every === member.fails.at) {
      return sendJSON(res, 503, codec.formatError({ kind: 'unavailable', status: 503, message: `${request.model} is resting (a simulated 503)` }).body);
    }
    const words = voiceAnswer(request.model, request);
    const usage = { inputTokens: estimateTokens(request), outputTokens: words.length };
    const id = `demo-${request.model}-${count}`;
    if (!(await sleep(member.firstPieceDelayMs ?? 0, signal))) return;
    if (!request.stream) {
      const reply = {
        id,
        model: request.model,
        created: Math.floor(Date.now() / 1000),
        content: [{ type: 'text' as const, text: words.join('') }],
        finishReason: 'stop' as const,
        usage,
      };
      return sendJSON(res, 200, codec.formatReply(reply, { request }).value);
    }
    const encoder = codec.createStreamEncoder({ request, id, model: request.model });
    res.writeHead(200, { 'content-type': codec.streamContentType, 'cache-control': 'no-cache' });
    res.write(encoder.encode({ type: 'start', id, model: request.model, created: Math.floor(Date.now() / 1000) }));
    for (const [index, text] of words.entries()) {
      if (index > 0 && !(await sleep(member.pieceDelayMs, signal))) return;
      res.write(encoder.encode({ type: 'text-delta', text }));
    }
    res.write(encoder.encode({ type: 'finish', reason: 'stop', usage }));
    res.end(encoder.end());
  };

  const server = createServer((req, res) => {
    const closed = new AbortController();
    res.once('close', () => closed.abort());
    answer(req, res, closed.signal).catch((error: unknown) => {
      if (!res.headersSent) sendJSON(res, 500, { error: { message: `demo upstream: ${(error as Error).message}` } });
      else res.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
