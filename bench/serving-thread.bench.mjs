// `node bench/serving-thread.bench.mjs > /dev/null`: what the access log and the ledger cost the serving thread a
// request (issue 27: at most 5 µs). Paces BENCH_RATE (5,000) requests a second for BENCH_SECONDS (4) a round, as a
// server under load would, and for each request does what the gateway does for one route turn: a call and a turn
// into a SQLite ledger through its worker (as bench/lib/floor-child.mjs records them), an access line from
// `createLogger` (stdout: run it into /dev/null as a user's redirect would). The main thread's CPU (/proc) and the
// whole process's, minus the same paced loop doing nothing; medians of BENCH_ROUNDS (5) to stderr.
// BENCH_RECORDS=engine: the records as the engine builds them for a route turn (its facets, see `engineRecords`)
// instead of the floor's (bench/lib/floor-child.mjs). BENCH_OTHER=CHECKOUT (another worktree, built): the same variants with that checkout's ledger and access log too, in
// the same process and rounds (alternating which goes first), each with the median of the per-round ratios and each round's.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mainThreadCpuUs } from '../packages/ledger/bench/thread-cpu.mjs';
import { pathToFileURL } from 'node:url';
import { newCallId } from '../packages/ledger/dist/index.js';
import { importSource } from './lib/bundle-source.mjs';
import { median, sleep } from './lib/measure.mjs';

const RATE = Number(process.env.BENCH_RATE ?? 5_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const TICK_MS = 5;
const OTHER = process.env.BENCH_OTHER;
const dir = mkdtempSync(join(tmpdir(), 'bench-serving-thread-'));

/** A checkout's ledger (SQLite, through its worker) and access log. */
async function open(name, checkout) {
  const { createLedger } = await import(pathToFileURL(join(checkout, 'packages/ledger/dist/index.js')).href);
  const { createLogger, logAccess } = await importSource('gateway-node', 'access-log.ts', ['pino'], checkout);
  const logger = createLogger('info');
  return { name, ledger: await createLedger(`sqlite:${join(dir, `${name}.db`)}`), logger, logAccess };
}
const builds = [await open('this', new URL('../', import.meta.url).pathname)];
if (OTHER) builds.push(await open('other', OTHER));
const conversation = '9puQngyGaTYRf8x2D-lZ_tEc3iCBC39iTwjFNe_o2Ck';
let turns = 0;

/** The records of one route turn, built as the engine builds them (the caller's cost, in every variant). */
function turnRecords() {
  const call = newCallId('r');
  const usage = { inputTokens: 12, outputTokens: 9 };
  const callInput = {
    id: call,
    purpose: 'route',
    collection: 'agents',
    keyName: 'alice',
    alias: 'm1',
    provider: 'up',
    status: 'ok',
    seconds: 0.0012,
    firstPieceSeconds: 0.0009,
    usage,
    price: { input: 1, output: 2 },
    finishReason: 'stop',
    toolCalls: 0,
    unit: conversation,
  };
  const turnInput = {
    conversation,
    turn: ++turns,
    collection: 'agents',
    call,
    alias: 'm1',
    status: 'ok',
    seconds: 0.0012,
    firstTokenSeconds: 0.0009,
    usage,
    toolCalls: 0,
    finishReason: 'stop',
    tried: [{ alias: 'm1' }],
  };
  const access = { method: 'POST', route: '/v1/chat/completions', status: 200, collection: 'agents', model: 'm1', cost: 0.00003, seconds: 0.0012 };
  return { callInput, turnInput, access };
}
const configPrice = { input: 1, output: 2 }; // the config's price object, shared by every call to the model
/**
 * The records of one route turn as the engine builds them (`routeCallRecords`, `recordRouteTurn`, and gateway-node's
 * access record): the fields in their order, with the facets the floor's record leaves out (shape, start time, provider
 * key, `request`, the config's price object, the reply mode, a key's name, a path string made per request).
 */
function engineRecords() {
  const call = newCallId('r');
  const usage = { inputTokens: 12, outputTokens: 9 };
  const callInput = { id: call, purpose: 'route', alias: 'm1', status: 'ok', seconds: 0.0012 };
  callInput.collection = 'agents';
  callInput.keyName = 'alice';
  callInput.provider = 'up';
  callInput.price = configPrice;
  callInput.unit = conversation;
  callInput.shape = 'general';
  callInput.startedAt = Date.now();
  callInput.usage = usage;
  callInput.firstPieceSeconds = 0.0009;
  callInput.finishReason = 'stop';
  callInput.toolCalls = 0;
  callInput.providerKey = 'UP_KEY_A';
  callInput.request = true;
  const turnInput = { conversation, turn: ++turns, alias: 'm1', status: 'ok', seconds: 0.0012, toolCalls: 0, tried: [{ alias: 'm1' }] };
  turnInput.collection = 'agents';
  turnInput.call = call;
  turnInput.firstTokenSeconds = 0.0009;
  turnInput.usage = usage;
  turnInput.finishReason = 'stop';
  const path = `/v1/chat/completions?${turns % 2}`.split('?')[0]; // url.pathname: a new string each request
  const access = { method: 'POST', route: path, status: 200, key: 'alice', collection: 'agents', model: 'm1', reply: 'route', cost: 0.00003, seconds: 0.0012 };
  return { callInput, turnInput, access };
}
const RECORDS = process.env.BENCH_RECORDS === 'engine' ? engineRecords : turnRecords;

const variantsOf = ({ ledger, logger, logAccess }) => {
  const record = ({ callInput, turnInput }) => {
    ledger.recordCall(callInput);
    ledger.recordTurn(turnInput);
  };
  const line = ({ access }) => logAccess(logger, access);
  return {
    'ledger: a call and a turn (SQLite, worker)': record,
    'access log: one line': line,
    'both (a route request as users run it)': (records) => {
      record(records);
      line(records);
    },
  };
};

/** Runs `work` RATE times a second for SECONDS, in ticks of TICK_MS; then waits until the ledger and the log have written it all. */
async function paced(work) {
  const per = (RATE * TICK_MS) / 1000;
  const m0 = mainThreadCpuUs();
  const c0 = process.cpuUsage();
  const start = performance.now();
  let done = 0;
  while (performance.now() - start < SECONDS * 1000) {
    const due = Math.min(RATE * SECONDS, Math.floor(((performance.now() - start) / TICK_MS + 1) * per));
    for (; done < due; done += 1) work(RECORDS());
    await sleep(TICK_MS);
  }
  for (const { ledger, logger } of builds) {
    await ledger.flush();
    await new Promise((resolve) => logger.flush(() => resolve()));
  }
  const c = process.cpuUsage(c0);
  return { requests: done, main: mainThreadCpuUs() - m0, process: c.user + c.system };
}

const nothing = () => {};
const results = {};
await paced(variantsOf(builds[0])['both (a route request as users run it)']); // warm-up
for (let round = 0; round < ROUNDS; round += 1) {
  const base = await paced(nothing);
  const order = round % 2 === 0 ? builds : [...builds].reverse();
  for (const build of order) {
    for (const [name, work] of Object.entries(variantsOf(build))) {
      const run = await paced(work);
      ((results[name] ??= {})[build.name] ??= []).push({ main: (run.main - base.main) / run.requests, process: (run.process - base.process) / run.requests });
    }
  }
}
console.error(
  `serving thread (${RECORDS === engineRecords ? "the engine's records" : "the floor's records"}), CPU µs a request over ${RATE} requests/s × ${SECONDS} s, minus the same loop doing nothing; medians of ${ROUNDS} rounds:`,
);
const of = (runs, key) => median(runs.map((r) => r[key]));
for (const [name, byBuild] of Object.entries(results)) {
  const line = (runs) => `main thread ${of(runs, 'main').toFixed(2)} µs, whole process ${of(runs, 'process').toFixed(2)} µs`;
  if (!byBuild.other) console.error(`  ${name}: ${line(byBuild.this)}`);
  else {
    const ratios = byBuild.this.map((r, i) => r.main / byBuild.other[i].main);
    const rounds = ratios.map((r) => r.toFixed(2)).join(' ');
    console.error(
      `  ${name}: this ${line(byBuild.this)}; other ${line(byBuild.other)}; main thread this/other ${median(ratios).toFixed(2)} (rounds: ${rounds})`,
    );
  }
}
for (const { ledger } of builds) await ledger.close();
rmSync(dir, { recursive: true, force: true });
process.exit(0);
