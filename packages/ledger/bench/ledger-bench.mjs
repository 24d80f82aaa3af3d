// `pnpm bench`: sustained writes (SQLite, Postgres), enqueue latency, and stats over 1,000,000 calls.
// Every figure is the median of BENCH_RUNS runs, next to a baseline measured in the same run.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { fmt, median } from './measure.mjs';
import { postgresServerAvailable as postgresAvailable, startPostgresServer } from '@bench/testkit';

// fsync stays on so commit cost is real; shared_buffers sized for a 1M-row table.
const startPostgres = () => startPostgresServer({ durable: true, settings: ['shared_buffers=256MB'] });
import { rawPostgresWrites, rawSqliteWrites } from './raw-baselines.mjs';
import { fill, scanBaseline, timeStats } from './stats-bench.mjs';
import { ledgerWrites, pushBaseline } from './write-bench.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const WRITES = Number(process.env.BENCH_WRITES ?? 100_000);
const STATS_CALLS = Number(process.env.BENCH_STATS_CALLS ?? 1_000_000);
const dir = mkdtempSync(join(tmpdir(), 'bench-ledger-bench-'));
let file = 0;
const sqlitePath = () => join(dir, `l${++file}.db`);
const report = (what, value, baseline, unit) => {
  const digits = unit === 'ms' || unit === 'µs' ? 3 : 0;
  let ratio = '';
  if (baseline !== undefined) {
    if (unit === 'ms') ratio = ` (baseline ${fmt(baseline, digits)} ms: ${fmt(baseline / value, 0)}× faster)`;
    else if (unit === '') ratio = ` (baseline ${fmt(baseline)})`;
    else ratio = ` (${fmt(value / baseline, 2)}× the baseline's ${fmt(baseline, digits)} ${unit})`;
  }
  console.log(`${what}: ${fmt(value, digits)} ${unit}${ratio}`);
};

async function writes(label, url, baseline) {
  const runs = [];
  const base = [];
  for (let r = 0; r < RUNS; r += 1) {
    runs.push(await ledgerWrites(await url(), WRITES));
    base.push(await baseline());
  }
  const pushes = [];
  for (let r = 0; r < RUNS; r += 1) pushes.push(await pushBaseline(WRITES));
  report(`${label} sustained writes`, median(runs.map((x) => x.perSecond)), median(base), 'records/s');
  report(`${label} enqueue median`, median(runs.map((x) => x.medianNs)) / 1000, median(pushes.map((x) => x.medianNs)) / 1000, 'µs');
  report(`${label} enqueue p99`, median(runs.map((x) => x.p99Ns)) / 1000, median(pushes.map((x) => x.p99Ns)) / 1000, 'µs');
  report(`${label} enqueue p99.9`, median(runs.map((x) => x.p999Ns)) / 1000, median(pushes.map((x) => x.p999Ns)) / 1000, 'µs');
  report(`${label} enqueue max`, median(runs.map((x) => x.maxNs)) / 1000, median(pushes.map((x) => x.maxNs)) / 1000, 'µs');
  report(`${label} enqueues over 50 µs, of ${fmt(WRITES)}`, median(runs.map((x) => x.over50us)), median(pushes.map((x) => x.over50us)), '');
}

async function stats(label, kind, target, url) {
  const { ledger, perSecond } = await fill(url, STATS_CALLS);
  const timed = [];
  for (let r = 0; r < RUNS; r += 1) timed.push(await timeStats(ledger, 20));
  await ledger.close();
  const last = timed.at(-1);
  if (last.calls !== STATS_CALLS) throw new Error(`stats count ${last.calls} calls, expected ${STATS_CALLS}`);
  report(`${label} fill of ${fmt(STATS_CALLS)} calls`, perSecond, undefined, 'records/s');
  const scan = await scanBaseline(kind, target, RUNS);
  report(`${label} stats(), ${last.models} models, ${fmt(STATS_CALLS)} calls`, median(timed.map((x) => x.allMs)), scan, 'ms');
  report(`${label} stats({collection})`, median(timed.map((x) => x.collectionMs)), scan, 'ms');
}

console.log(`@bench/ledger benchmark: ${RUNS} runs, ${fmt(WRITES)} writes a run, Node ${process.version}\n`);
try {
  await writes(
    'sqlite',
    async () => `sqlite:${sqlitePath()}`,
    async () => rawSqliteWrites(sqlitePath(), WRITES),
  );
  const statsPath = sqlitePath();
  await stats('sqlite', 'sqlite', statsPath, `sqlite:${statsPath}`);
  if (postgresAvailable()) {
    const server = await startPostgres();
    const interrupted = () => {
      server.stop();
      rmSync(dir, { recursive: true, force: true });
      process.exit(130);
    };
    process.once('SIGINT', interrupted).once('SIGTERM', interrupted);
    try {
      let n = 0;
      const database = async () => {
        const name = `bench_${++n}`;
        const admin = new pg.Client({ connectionString: server.url });
        await admin.connect();
        await admin.query(`CREATE DATABASE ${name}`);
        await admin.end();
        return server.url.replace(/\/postgres$/, `/${name}`);
      };
      await writes('postgres', database, async () => rawPostgresWrites(await database(), WRITES));
      const statsUrl = await database();
      await stats('postgres', 'postgres', statsUrl, statsUrl);
    } finally {
      server.stop();
    }
  } else {
    console.warn('!!! postgres binaries missing: Postgres benchmarks skipped !!!');
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
