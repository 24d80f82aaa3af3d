import { createLedger } from '../dist/index.js';
import { percentile, record, tick } from './measure.mjs';

/**
 * Sustained writes through the ledger: enqueue `n` call records as fast as the
 * loop allows (yielding every 1,000 so the writer runs), time each enqueue, and
 * count records per second until the last one is committed.
 */
export async function ledgerWrites(url, n) {
  const ledger = await createLedger(url, { maxQueued: n, batchSize: 1000 });
  const records = Array.from({ length: n }, (_, i) => record(i));
  const enqueueNs = new Float64Array(n);
  const start = performance.now();
  for (let i = 0; i < n; i += 1) {
    const t0 = process.hrtime.bigint();
    ledger.recordCall(records[i]);
    enqueueNs[i] = Number(process.hrtime.bigint() - t0);
    if (i % 1000 === 999) await tick();
  }
  await ledger.flush();
  const seconds = (performance.now() - start) / 1000;
  const health = await ledger.health();
  await ledger.close();
  if (health.refused > 0) throw new Error(`${health.refused} records refused`);
  enqueueNs.sort();
  const over = enqueueNs.findIndex((ns) => ns > 50_000);
  return {
    perSecond: n / seconds,
    medianNs: percentile(enqueueNs, 50),
    p99Ns: percentile(enqueueNs, 99),
    p999Ns: percentile(enqueueNs, 99.9),
    maxNs: enqueueNs[n - 1],
    over50us: over < 0 ? 0 : n - over,
  };
}

/** The enqueue baseline: the same timing loop around a bare `Array.push` (the timer's own cost plus nothing). */
export async function pushBaseline(n) {
  const queue = [];
  const records = Array.from({ length: n }, (_, i) => record(i));
  const ns = new Float64Array(n);
  for (let i = 0; i < n; i += 1) {
    const t0 = process.hrtime.bigint();
    queue.push(records[i]);
    ns[i] = Number(process.hrtime.bigint() - t0);
    if (i % 1000 === 999) await tick();
  }
  ns.sort();
  const over = ns.findIndex((x) => x > 50_000);
  return { medianNs: percentile(ns, 50), p99Ns: percentile(ns, 99), p999Ns: percentile(ns, 99.9), maxNs: ns[n - 1], over50us: over < 0 ? 0 : n - over };
}
