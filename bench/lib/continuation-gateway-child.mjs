// A gateway for bench/continuation.bench.mjs, in its own process. BENCH_GATEWAY_DIST: the gateway-node dist
// to run (another build's, to compare commits); BENCH_UPSTREAM: the long upstream; BENCH_LEDGER: the ledger URL.
// Collections: `on` (a route of two members, mid-stream recovery as by default), `cut` and, unless BENCH_NO_CONTINUE_FIELD
// is set (a build before the field existed), `off` (the same with "continue": false).
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { serveIpc } from './ipc.mjs';

const dist = process.env.BENCH_GATEWAY_DIST ?? new URL('../../packages/gateway-node/dist/index.js', import.meta.url).pathname;
const { createGateway } = await import(pathToFileURL(dist).href);
const pino = createRequire(dist)('pino');

const model = { provider: 'up', model: 'long', contextWindow: 128_000, maxOutput: 4096, price: { input: 1, output: 2 } };
const route = { members: ['m1', 'm2'], reply: 'route', order: 'listed', sticky: false };
// `cut`: a first member whose stream is cut after its first pieces, continued by m2 (asked again: its repeat is dropped).
const collections = { on: route };
if (!process.env.BENCH_NO_CONTINUE_FIELD) {
  collections.off = { ...route, continue: false };
  collections.cut = { ...route, members: ['c1', 'm2'], cooldown: { afterFailures: 1_000_000, forMs: 1 } };
}
const config = {
  ledger: process.env.BENCH_LEDGER,
  state: 'memory:',
  providers: { up: { baseURL: `${process.env.BENCH_UPSTREAM}/v1`, api: 'openai-chat' } },
  models: { m1: model, m2: model, c1: { ...model, model: 'cut' } },
  collections,
};
const gateway = await createGateway({ config, env: {}, logger: pino({ level: 'silent' }) });
const { url } = await gateway.listen({ port: 0, host: '127.0.0.1' });
serveIpc({ url });
