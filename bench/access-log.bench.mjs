// `node bench/access-log.bench.mjs`: the access log's main-thread CPU per line (issue 27). Bundles
// packages/gateway-node/src/access-log.ts with tsup's esbuild (lib/bundle-source.mjs) and times, over BENCH_LINES lines a round
// (yielding every 200, as a server between requests), the main thread's CPU (/proc) and the process's for: pino's own
// `logger.info(record)` (the gateway's line until now), a pino transport (a worker thread writing), and
// the hand-built line into a transport, and `logAccess` on a logger from `createLogger` (the line built by hand into pino's asynchronous stream),
// each minus the same loop with no logging. Every variant writes its lines to stdout and the figures go to stderr:
// `node bench/access-log.bench.mjs > /dev/null`. Medians of BENCH_ROUNDS (5).
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { mainThreadCpuUs } from '../packages/ledger/bench/thread-cpu.mjs';
import { importSource } from './lib/bundle-source.mjs';

const LINES = Number(process.env.BENCH_LINES ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const OUT = 1; // stdout, as createLogger writes
const gateway = fileURLToPath(new URL('../packages/gateway-node/', import.meta.url));
const require = createRequire(`${gateway}package.json`);
const pino = require('pino');
const { accessLine, createLogger, logAccess } = await importSource('gateway-node', 'access-log.ts', ['pino']);

// The hand-built line must be the line pino writes for the same record: checked before anything is timed.
{
  const { Writable } = await import('node:stream');
  let written = '';
  const sink = new Writable({
    write(chunk, _encoding, done) {
      written += chunk;
      done();
    },
  });
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

const record = (i) => ({
  method: 'POST',
  route: '/v1/chat/completions',
  status: 200,
  key: 'alice',
  collection: 'core',
  model: `m${i % 8}`,
  reply: `p${i}`,
  cost: 0.00123,
  seconds: 0.4123,
});
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
  'hand-built line into a transport': () => {
    const stream = pino.transport({ target: 'pino/file', options: { destination: OUT } });
    const logger = pino(options, stream);
    return { log: (r) => stream.write(accessLine(r, Date.now())), flush: (cb) => logger.flush(cb) };
  },
  'logAccess, hand-built line (after)': () => {
    const logger = createLogger('info');
    return { log: (r) => logAccess(logger, r), flush: (cb) => logger.flush(cb) };
  },
};

/**
 * CPU µs over the loop, the main thread's (from /proc) and the whole process's (process.cpuUsage, a transport's
 * worker included): unlike wall-clock figures, other processes on the machine barely move them.
 */
async function loop(log, flush = (cb) => cb()) {
  const m0 = mainThreadCpuUs();
  const c0 = process.cpuUsage();
  for (let i = 0; i < LINES; i += 1) {
    log(record(i));
    if (i % 200 === 199) await tick();
  }
  await new Promise((resolve) => flush(() => resolve()));
  const c = process.cpuUsage(c0);
  return { main: mainThreadCpuUs() - m0, process: c.user + c.system };
}

const results = {};
for (let round = 0; round < ROUNDS; round += 1) {
  const base = await loop(() => {});
  for (const [name, make] of Object.entries(variants)) {
    const logger = make();
    await new Promise((resolve) => setTimeout(resolve, 100)); // a transport's worker starts
    const used = await loop(logger.log, logger.flush);
    (results[name] ??= []).push({ main: (used.main - base.main) / LINES, process: (used.process - base.process) / LINES });
  }
}
const median = (values) => [...values].sort((a, b) => a - b)[values.length >> 1];
const of = (name, key) => median(results[name].map((r) => r[key]));
const first = Object.keys(results)[0];
console.error(`access log, CPU µs a line, ${LINES} lines × ${ROUNDS} rounds, medians (× the first):`);
for (const name of Object.keys(results)) {
  const main = of(name, 'main');
  const all = of(name, 'process');
  console.error(
    `  ${name}: main thread ${main.toFixed(2)} µs (${(main / of(first, 'main')).toFixed(2)}×), whole process ${all.toFixed(2)} µs (${(all / of(first, 'process')).toFixed(2)}×)`,
  );
}
process.exit(0);
