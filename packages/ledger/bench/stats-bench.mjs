import Database from 'better-sqlite3';
import pg from 'pg';
import { createLedger } from '../dist/index.js';
import { median, record, tick } from './measure.mjs';

const SCAN = `SELECT alias, count(*) AS calls, sum(CASE WHEN status IN ('ok', 'aborted') THEN 0 ELSE 1 END) AS failures,
  max(time) AS last_used, sum(input_tokens) AS input_tokens, sum(output_tokens) AS output_tokens,
  sum(reasoning_tokens) AS reasoning_tokens, sum(cached_tokens) AS cached_tokens, sum(cost) AS cost
  FROM calls GROUP BY alias`;

/** Fills a ledger with `calls` call records through the ledger itself (50 models, 2 collections). */
export async function fill(url, calls) {
  const ledger = await createLedger(url, { maxQueued: 200_000, batchSize: 5000 });
  const start = performance.now();
  for (let i = 0; i < calls; i += 1) {
    ledger.recordCall(record(i, 's'));
    if (i % 1000 === 999) await tick();
    if (i % 50_000 === 49_999) await ledger.flush();
  }
  await ledger.flush();
  const perSecond = calls / ((performance.now() - start) / 1000);
  return { ledger, perSecond };
}

/** Times `stats()` (all collections) and `stats({collection})` on the filled ledger: median ms of `runs`. */
export async function timeStats(ledger, runs) {
  const all = [];
  const one = [];
  let rows = [];
  for (let r = 0; r < runs; r += 1) {
    let t0 = performance.now();
    rows = await ledger.stats();
    all.push(performance.now() - t0);
    t0 = performance.now();
    await ledger.stats({ collection: 'core' });
    one.push(performance.now() - t0);
  }
  return { allMs: median(all), collectionMs: median(one), models: rows.length, calls: rows.reduce((sum, s) => sum + s.calls, 0) };
}

/** The baseline: what stats would cost without the summary table, a GROUP BY over every call. */
export async function scanBaseline(kind, target, runs) {
  const times = [];
  if (kind === 'sqlite') {
    const db = new Database(target, { readonly: true });
    const scan = db.prepare(SCAN);
    for (let r = 0; r < runs; r += 1) {
      const t0 = performance.now();
      scan.all();
      times.push(performance.now() - t0);
    }
    db.close();
  } else {
    const client = new pg.Client({ connectionString: target });
    await client.connect();
    for (let r = 0; r < runs; r += 1) {
      const t0 = performance.now();
      await client.query(SCAN);
      times.push(performance.now() - t0);
    }
    await client.end();
  }
  return median(times);
}
