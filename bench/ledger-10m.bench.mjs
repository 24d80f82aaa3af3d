// `node bench/ledger-10m.bench.mjs` (after `pnpm build`): the ledger at 10,000,000 calls (issues 27 and 22).
// Seeds BENCH_ROWS calls (default 10,000,000; see packages/ledger/bench/scale-seed.mjs for what: panels and route
// conversations with their turns rows, failovers, shadows and verdicts, 10 models, 6 keys, 3 collections, 3 shapes,
// evenly over 90 days) into a SQLite file on disk and into a real PostgreSQL cluster (fsync on), with bulk paths. Then
// measures, each against the same on an empty ledger of the same store in the same run:
// - inserts through the real write path: `createLedger` (SQLite on its worker thread, as the gateway opens it) and
//   `recordCall` with the write queue, BENCH_INSERTS calls a round (yielding every 100), until flushed: calls/s;
// - the CLI's queries (apps/gateway/src/ledger-commands.ts): `stats` over a day (also for one key), over everything
//   (also for a collection or a key), `stats --shape` (records), `export`'s first page and a whole day of it;
// - every dashboard query, through the engine's own dashboard (`engine.dashboard`, what /bench/* answers with): the
//   overview for an hour, a day and a week (and one collection), the calls page with each filter (worst cases: a key on
//   one call in 1,000, a model and a key unused for 89 days, a purpose never recorded), one call, the conversations
//   list (filtered by a model, one unused for 89 days, a key unused as long, a verdict), one conversation, the panels
//   list (by a member, one unused for 89 days, a rare key), one panel, the models and their records.
// Every figure is the median of BENCH_ROUNDS (default 3) after one warm-up run: ms of wall time, and ms of CPU of the
// whole process (the SQLite worker's included, the Postgres server's not) — what a loaded machine cannot inflate. Goals: inserts no slower at 10 M than empty; stats for a day < 50 ms, for everything < 1 s; every dashboard
// query < 200 ms (the goal is set at 1 M: BENCH_ROWS=1000000). BENCH_STORES=sqlite (or postgres) for one store.
// BENCH_ROWS=200000 runs in a couple of minutes. Temp files are deleted at the end; results also go to
// bench/results/ledger-10m-latest.json. BENCH_SQLITE_FILE measures a SQLite file seeded before (by this bench's seed,
// with the same BENCH_ROWS and BENCH_END) instead of seeding one: it is migrated to the current schema first, timed.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEngine } from '../packages/engine/dist/index.js';
import { createLedger } from '../packages/ledger/dist/index.js';
import { mainThreadCpuUs } from '../packages/ledger/bench/thread-cpu.mjs';
import { DAY_MS, END, MODELS, OLD_KEY, OLD_MODEL, RARE_KEY, seedPostgres, seedRows, seedSqlite } from '../packages/ledger/bench/scale-seed.mjs';
import { postgresServerAvailable, startPostgresServer } from '../packages/testkit/dist/index.js';
import { median } from './lib/measure.mjs';

const ROWS = Number(process.env.BENCH_ROWS ?? 10_000_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const INSERTS = Number(process.env.BENCH_INSERTS ?? 20_000);
const STORES = (process.env.BENCH_STORES ?? 'sqlite,postgres').split(',');
const DASHBOARD_GOAL_MS = 200;
const dir = mkdtempSync(join(tmpdir(), 'bench-ledger-10m-'));
/** Live calls' ids are this run's own: a file measured again already holds the last run's. */
const RUN = Date.now().toString(36);
const tick = () => new Promise((resolve) => setImmediate(resolve));
const fmt = (n, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

function engineConfig(ledger) {
  const model = (id) => ({ provider: 'local', model: id, contextWindow: 32768, tools: true, vision: false, price: { input: 0.1, output: 0.4 } });
  return {
    ledger,
    transcripts: { keep: '30d' },
    providers: { local: { baseURL: 'http://127.0.0.1:9/v1', api: 'openai-chat' } },
    models: Object.fromEntries([...MODELS, OLD_MODEL].map((alias) => [alias, model(alias)])),
    collections: {
      core: { members: ['m0', 'm1', 'm2'], reply: 'all' },
      council: { members: ['m3', 'm4', 'm5'], reply: 'merged', merger: 'm6' },
      agents: { members: ['m7', 'm8', 'm9'], reply: 'route' },
    },
  };
}

/** A call as the gateway records it, after the seeded range. */
function liveCall(round, i) {
  return {
    id: `live-${RUN}-${round}x${i}`,
    time: END + round * 60_000 + i,
    purpose: 'route',
    collection: 'agents',
    keyName: 'alice',
    alias: MODELS[i % MODELS.length],
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

/** Enqueues INSERTS calls as a server would (yielding every 100), flushes: calls/s and the main thread's CPU a call. */
async function inserts(ledger, round) {
  const calls = Array.from({ length: INSERTS }, (_, i) => liveCall(round, i));
  const main0 = mainThreadCpuUs();
  const t0 = performance.now();
  for (let i = 0; i < INSERTS; i += 1) {
    ledger.recordCall(calls[i]);
    if (i % 100 === 99) await tick();
  }
  await ledger.flush();
  const seconds = (performance.now() - t0) / 1000;
  const main = mainThreadCpuUs();
  return { perSecond: INSERTS / seconds, mainUs: main === undefined || main0 === undefined ? Number.NaN : (main - main0) / INSERTS };
}

const day = { from: END - DAY_MS, to: END };
const weekAgo = END - 7 * DAY_MS;

/** Every query, by name: the CLI's (goal per name), then the dashboard's (goal DASHBOARD_GOAL_MS). */
function queries(ledger, dashboard, found) {
  const exportChunks = async (range, all) => {
    for await (const chunk of ledger.exportCalls({ format: 'jsonl', ...range })) {
      void chunk;
      if (!all) break;
    }
  };
  // An id the empty ledger does not know is a 404: the same query, finding nothing.
  const known = (work) => work().catch((error) => (error?.status === 404 ? undefined : Promise.reject(error)));
  let page21;
  const deepCursor = async () => {
    if (page21 !== undefined) return page21;
    let cursor = null;
    for (let page = 0; page < 20; page += 1) cursor = (await dashboard.calls({ limit: 50, ...(cursor ? { cursor } : {}) })).next ?? cursor;
    page21 = cursor;
    return cursor;
  };
  const cli = {
    'stats, one day': [() => ledger.stats(day), 50],
    'stats, one day, one key': [() => ledger.stats({ ...day, key: 'alice' }), 50],
    'stats, everything': [() => ledger.stats(), 1000],
    'stats, everything, one collection': [() => ledger.stats({ collection: 'core' }), 1000],
    'stats, everything, one key': [() => ledger.stats({ key: 'alice' }), 1000],
    'stats --shape (records)': [() => ledger.records(), 1000],
    'export, first page (1,000 calls of a day)': [() => exportChunks(day, false), 200],
    'export, a whole day': [() => exportChunks(day, true), undefined],
    'getCall, one': [() => ledger.getCall(found.middleCall ?? 'none'), 50],
  };
  const board = {
    'overview, last hour (by minute)': () => dashboard.overview({ range: 'hour' }),
    'overview, day': () => dashboard.overview({ range: 'day' }),
    'overview, week': () => dashboard.overview({ range: 'week' }),
    'overview, week, one collection': () => dashboard.overview({ range: 'week', collection: 'core' }),
    collections: () => dashboard.collections(),
    'calls, first page (50)': () => dashboard.calls(),
    'calls, page 21 (cursor)': async () => {
      const cursor = await deepCursor();
      return dashboard.calls({ limit: 50, ...(cursor ? { cursor } : {}) });
    },
    'calls, one model': () => dashboard.calls({ model: 'm3' }),
    'calls, one key': () => dashboard.calls({ key: 'bob' }),
    'calls, one collection': () => dashboard.calls({ collection: 'core' }),
    'calls, failed': () => dashboard.calls({ status: 'failed' }),
    'calls, one status (timeout)': () => dashboard.calls({ status: 'timeout' }),
    'calls, mergers': () => dashboard.calls({ purpose: 'merger' }),
    'calls, shadows': () => dashboard.calls({ purpose: 'shadow' }),
    'calls, a week ago, one collection': () => dashboard.calls({ collection: 'core', to: weekAgo }),
    'calls, last day only': () => dashboard.calls(day),
    'calls, a rare key (1 unit in 1,000)': () => dashboard.calls({ key: RARE_KEY }),
    'calls, a model unused for 89 days': () => dashboard.calls({ model: OLD_MODEL }),
    'calls, a key unused for 89 days': () => dashboard.calls({ key: OLD_KEY }),
    'calls, a purpose never recorded (shape)': () => dashboard.calls({ purpose: 'shape' }),
    'calls, a model never used': () => dashboard.calls({ model: 'm-new' }),
    'call, one (verdict, transcript, shadows)': () => known(() => dashboard.call(`${found.panel ?? 'p0'}.1`)),
    conversations: () => dashboard.conversations(),
    'conversations, a week ago, one collection': () => dashboard.conversations({ collection: 'agents', to: weekAgo }),
    'conversation, one (10 turns)': () => known(() => dashboard.conversation(found.conversation ?? 'c0')),
    'panels (20)': () => dashboard.panels(),
    'panels, one collection': () => dashboard.panels({ collection: 'council' }),
    'panels, one member': () => dashboard.panels({ model: 'm3' }),
    'panels, a member unused for 89 days': () => dashboard.panels({ model: OLD_MODEL }),
    'panels, a rare key': () => dashboard.panels({ key: RARE_KEY }),
    'conversations, one model': () => dashboard.conversations({ model: 'm3' }),
    'conversations, a model unused for 89 days': () => dashboard.conversations({ model: OLD_MODEL }),
    'conversations, a key unused for 89 days': () => dashboard.conversations({ key: OLD_KEY }),
    'conversations, judged': () => dashboard.conversations({ verdict: 'given' }),
    'panel, one': () => known(() => dashboard.panel(found.panel ?? 'p0')),
    'models (records)': () => dashboard.models(),
  };
  return [
    ...Object.entries(cli).map(([name, [run, goal]]) => ({ name, run, goal, group: 'cli' })),
    ...Object.entries(board).map(([name, run]) => ({ name, run, goal: DASHBOARD_GOAL_MS, group: 'dashboard' })),
  ];
}

/** Wall ms, and CPU ms of this whole process (the SQLite worker thread included; not the Postgres server's). */
/** A query that fails (a Postgres query timeout, 15 s) is timed too, and its error kept: the figure is that it failed. */
async function timed(run) {
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const error = await run().then(
    () => undefined,
    (e) => e.message,
  );
  const cpu = process.cpuUsage(cpu0);
  return { ms: performance.now() - t0, cpu: (cpu.user + cpu.system) / 1000, error };
}

/** Rounds of inserts, each followed by every query once; every query warmed up once first. */
async function measure(url, found) {
  const ledger = await createLedger(url, { maxQueued: 1_000_000 });
  const engine = await createEngine(engineConfig(url), { ledger });
  const list = queries(ledger, engine.dashboard, found);
  for (const query of list) await timed(query.run);
  const ins = [];
  const times = new Map(list.map((q) => [q.name, []]));
  for (let round = 0; round < ROUNDS; round += 1) {
    ins.push(await inserts(ledger, round));
    for (const query of list) times.get(query.name).push(await timed(query.run));
  }
  await engine.close(); // closes the ledger too
  return {
    inserts: { perSecond: median(ins.map((x) => x.perSecond)), mainUs: median(ins.map((x) => x.mainUs)) },
    queries: list.map((q) => {
      const runs = times.get(q.name);
      const error = runs.find((r) => r.error)?.error;
      return { name: q.name, group: q.group, goal: q.goal, ms: median(runs.map((r) => r.ms)), cpu: median(runs.map((r) => r.cpu)), error };
    }),
  };
}

function report(label, seedSeconds, empty, full) {
  const load = loadavg()[0].toFixed(1);
  console.log(`\n== ${label}: empty vs ${fmt(ROWS)} calls (seeded in ${fmt(seedSeconds, 1)} s; medians of ${ROUNDS}; load average ${load}) ==`);
  const i0 = empty.inserts;
  const i1 = full.inserts;
  console.log(
    `inserts via recordCall: ${fmt(i0.perSecond)} → ${fmt(i1.perSecond)} calls/s (${fmt(i1.perSecond / i0.perSecond, 2)}×); main-thread CPU ${fmt(i0.mainUs, 2)} → ${fmt(i1.mainUs, 2)} µs a call`,
  );
  const width = Math.max(...full.queries.map((q) => q.name.length));
  let group = '';
  for (const [k, q] of full.queries.entries()) {
    if (q.group !== group) {
      group = q.group;
      console.log(group === 'cli' ? '-- the CLI (bench-gateway stats / export) --' : '-- the dashboard (engine.dashboard) --');
    }
    const over = `${q.goal !== undefined && q.ms >= q.goal ? `  OVER ${q.goal} ms` : ''}${q.error ? `  FAILED: ${q.error}` : ''}`;
    const e = empty.queries[k];
    console.log(
      `${q.name.padEnd(width)}  ${fmt(e.ms, 1).padStart(8)} → ${fmt(q.ms, 1).padStart(8)} ms  (cpu ${fmt(e.cpu, 1).padStart(7)} → ${fmt(q.cpu, 1).padStart(8)})${over}`,
    );
  }
}

console.log(`ledger at scale: ${fmt(ROWS)} seeded calls, ${ROUNDS} rounds of ${fmt(INSERTS)} inserts, Node ${process.version}`);
const results = { rows: ROWS, rounds: ROUNDS, inserts: INSERTS, stores: {} };
try {
  if (STORES.includes('sqlite')) {
    const emptyUrl = `sqlite:${join(dir, 'empty.db')}`;
    const fullPath = process.env.BENCH_SQLITE_FILE ?? join(dir, 'full.db');
    let t0 = performance.now();
    await (await createLedger(`sqlite:${fullPath}`)).close(); // the schema, migrated
    const migrated = (performance.now() - t0) / 1000;
    t0 = performance.now();
    let found = {};
    if (process.env.BENCH_SQLITE_FILE) for (const _ of seedRows(ROWS, found));
    else found = seedSqlite(fullPath, ROWS);
    const seeded = (performance.now() - t0) / 1000;
    if (process.env.BENCH_SQLITE_FILE) console.log(`${fullPath}: brought to the current schema in ${fmt(migrated, 1)} s`);
    const empty = await measure(emptyUrl, {});
    const full = await measure(`sqlite:${fullPath}`, found);
    report('sqlite (worker thread)', seeded, empty, full);
    results.stores.sqlite = { seeded, empty, full };
  }
  if (STORES.includes('postgres') && postgresServerAvailable()) {
    const server = await startPostgresServer({ durable: true, settings: ['shared_buffers=1GB', 'max_wal_size=8GB', 'work_mem=64MB'] });
    try {
      const emptyUrl = server.createDatabase();
      const fullUrl = server.createDatabase();
      await (await createLedger(fullUrl)).close();
      const t0 = performance.now();
      const found = await seedPostgres(fullUrl, ROWS);
      const seeded = (performance.now() - t0) / 1000;
      const empty = await measure(emptyUrl, {});
      const full = await measure(fullUrl, found);
      report('postgres', seeded, empty, full);
      results.stores.postgres = { seeded, empty, full };
    } finally {
      server.stop();
    }
  }
  mkdirSync(new URL('./results/', import.meta.url), { recursive: true });
  writeFileSync(new URL('./results/ledger-10m-latest.json', import.meta.url), `${JSON.stringify(results, null, 2)}\n`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
