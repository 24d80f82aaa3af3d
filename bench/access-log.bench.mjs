// `node bench/access-log.bench.mjs`: the access log's main-thread CPU per line (issue 27). Bundles
// packages/gateway-node/src/access-log.ts with tsup's esbuild and times, over BENCH_LINES lines a round
// (yielding every 200, as a server between requests), the process's CPU (process.cpuUsage) for: pino's own
// `logger.info(record)` (the gateway's line until now), a pino transport (a worker thread writing), and
// `logAccess` on a logger from `createLogger` (the line built by hand into pino's asynchronous stream),
// each minus the same loop with no logging. Every variant writes its lines to stdout and the figures go to stderr:
// `node bench/access-log.bench.mjs > /dev/null`. Medians of BENCH_ROUNDS (5).
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const LINES = Number(process.env.BENCH_LINES ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const OUT = 1; // stdout, as createLogger writes
const gateway = fileURLToPath(new URL('../packages/gateway-node/', import.meta.url));
const require = createRequire(`${gateway}package.json`);
const pino = require('pino');
const esbuild = createRequire(createRequire(fileURLToPath(new URL('../packages/ledger/package.json', import.meta.url))).resolve('tsup'))('esbuild');
const outfile = `${gateway}node_modules/.cache/access-log-bench.mjs`;
esbuild.buildSync({ entryPoints: [`${gateway}src/access-log.ts`], bundle: true, platform: 'node', format: 'esm', external: ['pino'], outfile, logLevel: 'error' });
const { accessLine, createLogger, logAccess } = await import(outfile);

// The hand-built line must be the line pino writes for the same record: checked before anything is timed.
{
  const { Writable } = await import('node:stream');
  let written = '';
  const sink = new Writable({ write(chunk, _encoding, done) { written += chunk; done(); } });
  const reference = pino({ level: 'info', base: undefined, messageKey: 'msg', timestamp: () => ',"time":42' }, sink);
  const samples = [
    { method: 'POST', route: '/v1/chat/completions', status: 200, key: 'alice', collection: 'core', model: 'm1', reply: 'p1', cost: 0.00123, seconds: 0.4123 },
    { method: 'GET', route: '/bench/"q"\\\n\u2028é', status: 404, seconds: 0, error: 'no route GET /x "quoted"\t\u0001' },
    { method: 'POST', route: '/x', status: 500, cost: Number.NaN, seconds: 1e-7 },
  ];
  for (const sample of samples) {
    written = '';
    reference.info(sample, 'request');
    await new Promise((resolve) => setImmediate(resolve));
    if (written !== accessLine(sample, 42)) {
      console.error(`access log: the hand-built line differs from pino's:\n${written}${accessLine(sample, 42)}`);
      process.exit(1);
    }
  }
}

const record = (i) => ({ method: 'POST', route: '/v1/chat/completions', status: 200, key: 'alice', collection: 'core', model: `m${i % 8}`, reply: `p${i}`, cost: 0.00123, seconds: 0.4123 });
const tick = () => new Promise((resolve) => setImmediate(resolve));
const options = { level: 'info', base: undefined, messageKey: 'msg' };
const variants = {
  'pino logger.info, async destination (before)': () => {
    const logger = pino(options, pino.destination({ dest: OUT, sync: false, minLength: 4096 }));
    return { log: (r) => logger.info(r, 'request'), flush: (cb) => logger.flush(cb) };
  },
  'pino logger.info, transport (worker thread)': () => {
    const logger = pino(options, pino.transport({ target: 'pino/file', options: { destination: OUT } }));
    return { log: (r) => logger.info(r, 'request'), flush: (cb) => logger.flush(cb) };
  },
  'logAccess, hand-built line (after)': () => {
    const logger = createLogger('info');
    return { log: (r) => logAccess(logger, r), flush: (cb) => logger.flush(cb) };
  },
};

/** CPU µs of the whole process (user + system) over the loop: unlike wall-clock figures, other processes on the machine barely move it. */
async function loop(log, flush = (cb) => cb()) {
  const c0 = process.cpuUsage();
  for (let i = 0; i < LINES; i += 1) {
    log(record(i));
    if (i % 200 === 199) await tick();
  }
  await new Promise((resolve) => flush(() => resolve()));
  const c = process.cpuUsage(c0);
  return c.user + c.system;
}

const results = {};
for (let round = 0; round < ROUNDS; round += 1) {
  const base = await loop(() => {});
  for (const [name, make] of Object.entries(variants)) {
    const logger = make();
    await new Promise((resolve) => setTimeout(resolve, 100)); // a transport's worker starts
    const used = await loop(logger.log, logger.flush);
    (results[name] ??= []).push((used - base) / LINES);
  }
}
const median = (values) => [...values].sort((a, b) => a - b)[values.length >> 1];
const before = median(results['pino logger.info, async destination (before)']);
console.error(`access log, CPU a line (process.cpuUsage: the main thread, and a transport's worker where there is one), ${LINES} lines × ${ROUNDS} rounds, medians:`);
for (const [name, values] of Object.entries(results)) {
  console.error(`  ${name}: ${median(values).toFixed(2)} µs (${(median(values) / before).toFixed(2)}× before; rounds ${values.map((v) => v.toFixed(2)).join(', ')})`);
}
process.exit(0);
