// The gateway under test, in its own process so its CPU and memory are attributable.
// BENCH_UPSTREAM: the fast upstream's URL; BENCH_LEDGER: the ledger URL;
// BENCH_LOG: "silent" (a pino logger at level silent) or "default" (the gateway's own info-level access log on stdout);
// BENCH_UPSTREAM_CONNECTIONS: when set, the gateway gets a client (public createClient option) whose undici
// Agent allows that many connections per upstream origin (the gateway's own client has no cap);
// BENCH_SQLITE_WORKER=off: the SQLite ledger writes on the serving thread (the ledger's sqliteWorker: false);
// BENCH_METRICS=off: nothing counted (the gateway's metrics: false);
// BENCH_GATEWAY_DIST: another build's packages/gateway-node/dist/index.js to serve (compare-builds.mjs), by default this one's.
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { serveIpc } from './ipc.mjs';

const { createGateway } = await import(
  process.env.BENCH_GATEWAY_DIST ? pathToFileURL(process.env.BENCH_GATEWAY_DIST).href : '../../packages/gateway-node/dist/index.js'
);
const require = createRequire(new URL('../../packages/gateway-node/package.json', import.meta.url));
const pino = require('pino');
const clientRequire = createRequire(new URL('../../packages/client/package.json', import.meta.url));

const upstream = process.env.BENCH_UPSTREAM;
const model = (name) => ({ provider: 'up', model: name, contextWindow: 128_000, maxOutput: 4096, tools: true, vision: false, price: { input: 1, output: 2 } });
const config = {
  ledger: process.env.BENCH_LEDGER,
  state: 'memory:',
  providers: { up: { baseURL: `${upstream}/v1`, api: 'openai-chat' } },
  models: { m1: model('fast'), m2: model('fast'), m3: model('fast'), h1: model('hold'), f1: model('flaky') },
  collections: {
    // Route mode with every other setting at its default (order by record, sticky).
    agents: { members: ['m1'], reply: 'route', description: 'route, one OpenAI Chat member' },
    core: { members: ['m1', 'm2', 'm3'], reply: 'all', description: 'a panel of three seats' },
    // Held longer than the default 10-minute total: opening 10,000 streams on a busy machine can take that long.
    hold: { members: ['h1'], reply: 'route', description: 'streams the upstream holds open', timeouts: { totalMs: 3_600_000 } },
    // For the soak: a member that fails every 4th call (500s, streams cut part way) before healthy ones.
    flakyRoute: { members: ['f1', 'm1'], reply: 'route', order: 'listed', description: 'route whose first member fails at times' },
    flakyPanel: { members: ['f1', 'm2', 'm3'], reply: 'all', description: 'a panel with a seat that fails at times' },
  },
};

const options = { config, env: {} };
if (process.env.BENCH_METRICS === 'off') options.metrics = false;
if (process.env.BENCH_LOG !== 'default') options.logger = pino({ level: 'silent' });
if (process.env.BENCH_UPSTREAM_CONNECTIONS) {
  const { createClient } = await import('../../packages/client/dist/index.js');
  const { Agent } = clientRequire('undici');
  options.client = createClient({ dispatcher: new Agent({ keepAliveTimeout: 30_000, connections: Number(process.env.BENCH_UPSTREAM_CONNECTIONS) }) });
}
if (process.env.BENCH_SQLITE_WORKER === 'off') {
  const { createLedger } = await import('../../packages/ledger/dist/index.js');
  options.ledger = await createLedger(config.ledger, { sqliteWorker: false });
}
const gateway = await createGateway(options);
const { url } = await gateway.listen({ port: 0, host: '127.0.0.1' });
serveIpc({ url });
