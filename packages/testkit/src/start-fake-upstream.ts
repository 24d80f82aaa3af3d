import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getCodec, type NeutralRequest, type Protocol } from '@bench/formats';
import { answerRequest } from './answer-request';
import type { Answer, Behaviour } from './behaviour';
import { describeRequest } from './describe-request';
import { echoAnswer } from './echo-answer';
import { readBody } from './read-body';
import type { RecordedRequest } from './recorded-request';
import { presentedKey } from './presented-key';
import { ScriptBook } from './script-book';
import { answerCount } from './answer-count';
import { matchUpstreamRoute } from './upstream-route';
import { modelListing } from './model-listing';

export interface FakeUpstreamOptions {
  /** Scripts per model: one behaviour, or a list consumed one per attempt (the last repeating). */
  models?: Record<string, Behaviour | Behaviour[]>;
  /** The answer of a model without a script (default: it names itself and echoes the question). */
  defaultAnswer?: (model: string, request: NeutralRequest | undefined) => Answer;
  /** The behaviour of a model without a script, around its default answer (e.g. `{ pieceDelayMs: 40 }` for a demo). */
  defaultBehaviour?: Behaviour;
  /** What a GET of a model listing (`/v1/models`, `/v1beta/models`, `/api/tags`) names (default: the scripted models). */
  listedModels?: readonly string[];
  host?: string;
  port?: number;
}

export interface FakeUpstream {
  /** `http://127.0.0.1:PORT` */
  readonly url: string;
  /** The provider base URL to configure for a protocol (`…/v1`, `…/v1beta`, or the root for Ollama). */
  baseURL(api: Protocol): string;
  /** Replaces a model's script (and restarts its sequence). */
  script(model: string, behaviours: Behaviour | Behaviour[]): void;
  /** A script for the requests that present this API key, whatever their model (over the model's script): a provider key pool's keys answering each their own way. */
  scriptKey(apiKey: string, behaviours: Behaviour | Behaviour[]): void;
  /** Every request received so far, in arrival order. */
  readonly requests: readonly RecordedRequest[];
  requestsFor(model: string): RecordedRequest[];
  clearRequests(): void;
  /** Resolves once every request received so far has ended or had its connection closed. */
  settled(): Promise<void>;
  close(): Promise<void>;
}

const BASE_PATH: Record<Protocol, string> = {
  'openai-chat': '/v1',
  'openai-responses': '/v1',
  anthropic: '/v1',
  gemini: '/v1beta',
  ollama: '',
};

/** Starts a scriptable fake LLM upstream on a real loopback socket (port 0 unless given). */
export async function startFakeUpstream(options: FakeUpstreamOptions = {}): Promise<FakeUpstream> {
  const book = new ScriptBook();
  const byKey = new ScriptBook();
  for (const [model, steps] of Object.entries(options.models ?? {})) book.set(model, steps);
  const defaultAnswer = options.defaultAnswer ?? echoAnswer;
  let requests: RecordedRequest[] = [];
  const open = new Set<Promise<void>>();
  let closing = false;

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const at = performance.now();
    const url = new URL(req.url ?? '/', 'http://upstream');
    const route = req.method === 'POST' ? matchUpstreamRoute(url.pathname) : undefined;
    const text = await readBody(req);
    const listing = req.method === 'GET' ? modelListing(url.pathname, options.listedModels ?? Object.keys(options.models ?? {})) : undefined;
    if (listing !== undefined) {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(listing));
      return;
    }
    if (!route) {
      res
        .writeHead(404, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: { message: `fake upstream: no route ${req.method} ${url.pathname}` } }));
      return;
    }
    const described = describeRequest(route, text);
    const apiKey = presentedKey(req.headers);
    const behaviour = (apiKey !== undefined ? byKey.take(apiKey) : undefined) ?? book.take(described.model) ?? options.defaultBehaviour ?? {};
    const record: RecordedRequest = {
      index: requests.length,
      at,
      method: req.method ?? 'POST',
      remotePort: req.socket.remotePort,
      path: url.pathname + url.search,
      headers: { ...req.headers },
      ...(apiKey !== undefined ? { apiKey } : {}),
      body: described.body,
      api: route.api,
      model: described.model,
      stream: described.stream,
      ...(described.neutral ? { neutral: described.neutral } : {}),
      ...(described.parseError ? { parseError: described.parseError } : {}),
      behaviour,
      ended: false,
      closedByCaller: false,
      cutByUpstream: false,
    };
    requests.push(record);

    const closed = new AbortController();
    open.add(
      new Promise<void>((resolve) => {
        res.once('close', () => {
          record.closedAt = performance.now();
          record.ended = res.writableFinished;
          record.closedByCaller = !res.writableFinished && !record.cutByUpstream && !closing;
          closed.abort();
          resolve();
        });
      }),
    );
    try {
      if (route.count) return answerCount(res, getCodec(route.api), behaviour, text);
      await answerRequest(res, {
        codec: getCodec(route.api),
        behaviour,
        fallbackAnswer: defaultAnswer(described.model, described.neutral),
        request: described.neutral,
        model: described.model,
        stream: described.stream,
        id: `fake-${record.index}`,
        signal: closed.signal,
        onCut: () => {
          record.cutByUpstream = true;
        },
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: `fake upstream: ${message}` } }));
      else res.destroy();
    }
  };

  const server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const { port, address } = server.address() as AddressInfo;
  const url = `http://${address}:${port}`;

  return {
    url,
    baseURL: (api) => url + BASE_PATH[api],
    script: (model, behaviours) => book.set(model, behaviours),
    scriptKey: (apiKey, behaviours) => byKey.set(apiKey, behaviours),
    get requests() {
      return requests;
    },
    requestsFor: (model) => requests.filter((r) => r.model === model),
    clearRequests: () => {
      requests = [];
    },
    settled: async () => {
      await Promise.all([...open]);
    },
    close: async () => {
      closing = true;
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
