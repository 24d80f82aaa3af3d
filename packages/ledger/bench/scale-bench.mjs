// `pnpm --filter @bench/ledger bench`: the ledger at scale (issue 27). Seeds BENCH_ROWS calls (default 10,000,000)
// into SQLite on disk and into PostgreSQL, then measures, against the same on an empty ledger in the same run:
// inserts through recordCall (calls/s; main-thread CPU µs a call from /proc, the whole process's from process.cpuUsage,
// the SQLite worker's included), stats over a day and over everything, records(), getCall and an export page.
// Medians of BENCH_ROUNDS rounds (default 3). BENCH_ROWS=100000 runs in about a minute.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { postgresServerAvailable, startPostgresServer } from '@bench/testkit';
import { createLedger } from '../dist/index.js';
import { fmt, median, tick } from './measure.mjs';
import { DAY_MS, END, seedCall, seedPostgres, seedSqlite } from './scale-seed.mjs';
import { mainThreadCpuUs } from './thread-cpu.mjs';

const ROWS = Number(process.env.BENCH_ROWS ?? 10_000_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const INSERTS = Number(process.env.BENCH_INSERTS ?? 20_000);
const STORES = (process.env.BENCH_STORES ?? 'sqlite,postgres').split(',');
const dir = mkdtempSync(join(tmpdir(), 'bench-ledger-scale-'));

/** A call as the gateway records it, after the seeded range. */
function liveCall(round, i) {
  return {
    id: `r${round}x${i}.${i & 3}`,
    time: END + round * 60_000 + i,
    purpose: 'seat',
    collection: 'core',
    keyName: 'alice',
    alias: `m${i % 8}`,
    provider: 'local',
    status: 'ok',
    shape: i % 2 ? 'code' : 'general',
    usage: { inputTokens: 1200, outputTokens: 300, reasoningTokens: 50, cachedInputTokens: 200 },
    price: { input: 0.1, output: 0.4 },
    seconds: 1.2,
    firstPieceSeconds: 0.3,
    finishReason: 'stop',
    toolCalls: 0,
  };
}

/** Enqueues INSERTS calls as a server would (yielding every 100), flushes, and reads the costs. */
async function inserts(ledger, round) {
  const calls = Array.from({ length: INSERTS }, (_, i) => liveCall(round, i));
  const main0 = mainThreadCpuUs();
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  let enqueueMs = 0;
  for (let i = 0; i < INSERTS; i += 1) {
    const s = performance.now();
    ledger.recordCall(calls[i]);
    enqueueMs += performance.now() - s;
    if (i % 100 === 99) await tick();
  }
  await ledger.flush();
  const seconds = (performance.now() - t0) / 1000;
  const main = mainThreadCpuUs();
  const cpu = process.cpuUsage(cpu0);
  return {
    perSecond: INSERTS / seconds,
    mainUs: main === undefined || main0 === undefined ? Number.NaN : (main - main0) / INSERTS,
    enqueueUs: (enqueueMs * 1000) / INSERTS,
    processUs: (cpu.user + cpu.system) / INSERTS,
  };
}

async function timed(work) {
  const t0 = performance.now();
  await work();
  return performance.now() - t0;
}

async function reads(ledger, rows) {
  const day = { from: END - DAY_MS, to: END };
  const someId = rows > 0 ? seedCall(Math.floor(rows / 2), rows).id : 'none.0';
  return {
    'stats, one day': await timed(() => ledger.stats(day)),
    'stats, one day, one key': await timed(() => ledger.stats({ ...day, key: 'alice' })),
    'stats, everything': await timed(() => ledger.stats()),
    'stats, everything, one collection': await timed(() => ledger.stats({ collection: 'core' })),
    'stats, everything, one key': await timed(() => ledger.stats({ key: 'alice' })),
    'records()': await timed(() => ledger.records()),
    getCall: await timed(() => ledger.getCall(someId)),
    'export page (1,000 calls, one day)': await timed(async () => {
      for await (const chunk of ledger.exportCalls({ format: 'jsonl', ...day })) {
        void chunk;
        break;
      }
    }),
  };
}

async function measure(url, rows, options = {}) {
  const ledger = await createLedger(url, { maxQueued: 1_000_000, ...options });
  const ins = [];
  const rd = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    ins.push(await inserts(ledger, round));
    rd.push(await reads(ledger, rows));
  }
  await ledger.close();
  const pick = (list, key) => median(list.map((x) => x[key]));
  return {
    inserts: Object.fromEntries(['perSecond', 'mainUs', 'enqueueUs', 'processUs'].map((k) => [k, pick(ins, k)])),
    reads: Object.fromEntries(Object.keys(rd[0]).map((k) => [k, pick(rd, k)])),
  };
}

function print(label, empty, full, baseline) {
  console.log(`\n== ${label}: empty vs ${fmt(ROWS)} calls (medians of ${ROUNDS}) ==`);
  const ratio = (a, b) => `${fmt(b / a, 2)}×`;
  const i0 = empty.inserts;
  const i1 = full.inserts;
  console.log(`inserts via recordCall: ${fmt(i0.perSecond)} → ${fmt(i1.perSecond)} calls/s (${ratio(i0.perSecond, i1.perSecond)})`);
  console.log(
    `main-thread CPU a call: ${fmt(i0.mainUs, 2)} → ${fmt(i1.mainUs, 2)} µs; recordCall itself ${fmt(i0.enqueueUs, 2)} → ${fmt(i1.enqueueUs, 2)} µs; whole process ${fmt(i0.processUs, 2)} → ${fmt(i1.processUs, 2)} µs`,
  );
  if (baseline) {
    const b = baseline.inserts;
    console.log(
      `  same, connection on the main thread (sqliteWorker: false), empty: ${fmt(b.perSecond)} calls/s, main thread ${fmt(b.mainUs, 2)} µs a call (worker: ${ratio(b.mainUs, i0.mainUs)} of it)`,
    );
  }
  for (const key of Object.keys(empty.reads)) {
    console.log(`${key}: ${fmt(empty.reads[key], 2)} ms → ${fmt(full.reads[key], 2)} ms`);
  }
}

console.log(`@bench/ledger scale benchmark: ${fmt(ROWS)} seeded calls, ${ROUNDS} rounds of ${fmt(INSERTS)} inserts, Node ${process.version}`);
try {
  if (STORES.includes('sqlite')) {
    const emptyPath = join(dir, 'empty.db');
    const fullPath = join(dir, 'full.db');
    await (await createLedger(`sqlite:${fullPath}`)).close(); // migrated schema
    let t0 = performance.now();
    seedSqlite(fullPath, ROWS);
    console.log(`sqlite seeded in ${fmt((performance.now() - t0) / 1000, 1)} s`);
    const baseline = await measure(`sqlite:${join(dir, 'baseline.db')}`, 0, { sqliteWorker: false });
    const empty = await measure(`sqlite:${emptyPath}`, 0);
    t0 = performance.now();
    const full = await measure(`sqlite:${fullPath}`, ROWS);
    print('sqlite (worker thread)', empty, full, baseline);
  }
  if (STORES.includes('postgres') && postgresServerAvailable()) {
    const server = await startPostgresServer({ durable: true, settings: ['shared_buffers=512MB', 'max_wal_size=4GB'] });
    try {
      const emptyUrl = server.createDatabase();
      const fullUrl = server.createDatabase();
      await (await createLedger(fullUrl)).close();
      const t0 = performance.now();
      await seedPostgres(fullUrl, ROWS);
      console.log(`postgres seeded in ${fmt((performance.now() - t0) / 1000, 1)} s`);
      const empty = await measure(emptyUrl, 0);
      const full = await measure(fullUrl, ROWS);
      print('postgres', empty, full);
    } finally {
      server.stop();
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
